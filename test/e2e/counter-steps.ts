// Steps of the registration counter's E2E (counter.spec.ts): Settings as an administrator sets the counters up, and a
// patient at the simulator scanning a counter's QR (POST /_sandbox/hip/share, docs/sandbox-hip.md) with what the
// simulator then received back from the desk (GET /_sandbox/hip/on-shares).
import type { Page } from '@playwright/test';
import type { RunningSandbox } from '../../sandbox/index';
import { expect, openScreen, setAdminPin } from './web-mode';

export const HIP_ID = 'IN2710000123';
export const FACILITY = 'Shanti Nursing Home';
export const COUNTERS = [
  { id: '1', name: 'OPD Registration' },
  { id: '2', name: 'Lab' },
] as const;

/** Settings (Alt+6): the HIP ID, the facility's name and its two counters (behind the admin PIN), this desk on counter 1. */
export async function setUpCounters(app: Page): Promise<void> {
  await openScreen(app, 6);
  await app.getByLabel('HIP ID (the facility’s HFR ID)').fill(HIP_ID);
  await app.getByLabel('Facility name').fill(FACILITY);
  for (const [index, counter] of COUNTERS.entries()) {
    await app.getByRole('button', { name: 'Add a counter' }).click();
    await app.getByLabel('Counter ID', { exact: true }).nth(index).fill(counter.id);
    await app.getByLabel('Counter name', { exact: true }).nth(index).fill(counter.name);
  }
  await app.getByLabel('This desk serves').selectOption('1');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await setAdminPin(app);
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
}

/** The Counter screen (Alt+7). */
export async function openCounter(app: Page): Promise<void> {
  await openScreen(app, 7);
  await expect(app.getByRole('heading', { level: 1, name: /Counter|काउंटर/ })).toBeVisible();
}

/**
 * Tells the simulator where the desk's bridge is, as the desk itself does before its first gateway request
 * (gateway/gateway-pipeline.ts, registerWithSimulator): a desk that has only taken shares has made none yet.
 */
export async function tellSimulatorTheBridge(sandbox: RunningSandbox, bridgeUrl: string | null, now: () => number): Promise<void> {
  expect(bridgeUrl, 'the desk’s bridge is listening').not.toBeNull();
  // On the simulator's clock, which the test holds: ABDM refuses a TIMESTAMP far from its own time.
  const headers = () => ({ 'Content-Type': 'application/json', 'REQUEST-ID': crypto.randomUUID(), TIMESTAMP: new Date(now()).toISOString(), 'X-CM-ID': 'sbx' });
  const session = await fetch(`${sandbox.hiecmBaseUrl}/gateway/v3/sessions`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ clientId: sandbox.config.clientId, clientSecret: sandbox.config.clientSecret, grantType: 'client_credentials' }),
  });
  expect(session.status, await session.clone().text()).toBe(202);
  const { accessToken } = (await session.json()) as { accessToken: string };
  const patched = await fetch(`${sandbox.hiecmBaseUrl}/gateway/v3/bridge/url`, {
    method: 'PATCH',
    headers: { ...headers(), Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ url: bridgeUrl }),
  });
  expect(patched.status).toBe(202);
}

/**
 * A patient scans counter `counterId`'s QR with their ABHA app: the simulator sends the share to the desk's bridge,
 * in the generation the desk speaks (v3, or the legacy v0.5 beside ABHA v1).
 */
/** `secondAbha`: the resident shares from another ABHA address of theirs, the name spelled another way (docs/sandbox-hip.md). */
export async function scan(
  sandbox: RunningSandbox,
  counterId: string,
  abhaAddress: string,
  generation: 'v3' | 'v0.5',
  secondAbha?: { abhaAddress: string; name: string },
): Promise<string> {
  const response = await fetch(`${sandbox.url}/_sandbox/hip/share`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hipId: HIP_ID, counterId, abhaAddress, generation, ...(secondAbha ? { secondAbha } : {}) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { requestId: string; bridgeStatus: number | null };
  // The bridge took it (it answers 202 once the share is stored, as every callback; NHA lists 200).
  expect([200, 202]).toContain(answer.bridgeStatus);
  return answer.requestId;
}

/** The token the desk's on-share gave the patient's phone (v3: acknowledgement.profile.tokenNumber; legacy: acknowledgement.tokenNumber), waited for up to 30 s. */
export async function tokenSentFor(sandbox: RunningSandbox, requestId: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${sandbox.url}/_sandbox/hip/on-shares?requestId=${encodeURIComponent(requestId)}`);
        type OnShare = { body: { acknowledgement?: { tokenNumber?: string; profile?: { tokenNumber?: string } } } };
        // { onShares: [...] } (docs/sandbox-hip.md §3); a bare list as the brief first described it.
        const answer = (await response.json()) as OnShare[] | { onShares: OnShare[] };
        const onShares = Array.isArray(answer) ? answer : answer.onShares;
        const acknowledgement = onShares[0]?.body.acknowledgement;
        token = acknowledgement?.profile?.tokenNumber ?? acknowledgement?.tokenNumber;
        return token ?? null;
      },
      { timeout: 30_000, intervals: [100, 250, 500] },
    )
    .not.toBeNull();
  return token!;
}
