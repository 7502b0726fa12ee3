// Scan & Share in training, both ends real: the simulator plays a patient scanning counter 1 (/_sandbox/hip/share),
// the desk's bridge takes the share, the counter hands out a token, and the simulator's gateway receives the
// on-share naming it: the whole path a trainer's click takes, without a browser.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAppHarness, type AppHarness } from '../support/app-harness';

const HIP_ID = 'IN2810014366';
let app: AppHarness | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

async function scan(abhaAddress: string, counterId: string): Promise<string> {
  const response = await fetch(`${app!.sandbox.url}/_sandbox/hip/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hipId: HIP_ID, counterId, abhaAddress }),
  });
  const answer = (await response.json()) as { requestId: string; bridgeStatus: number | null; bridgeError?: string };
  expect(answer, JSON.stringify(answer)).toMatchObject({ bridgeStatus: 202 });
  return answer.requestId;
}

async function tokenAnswered(requestId: string): Promise<string> {
  let token = '';
  await vi.waitFor(
    async () => {
      const response = await fetch(`${app!.sandbox.url}/_sandbox/hip/on-shares?requestId=${requestId}`);
      const { onShares } = (await response.json()) as { onShares: { body: { acknowledgement: { status: string; profile: { tokenNumber: string } } } }[] };
      expect(onShares).toHaveLength(1);
      expect(onShares[0]!.body.acknowledgement.status).toBe('SUCCESS');
      token = onShares[0]!.body.acknowledgement.profile.tokenNumber;
    },
    { timeout: 20_000, interval: 100 },
  );
  return token;
}

describe('Scan & Share against the simulator', () => {
  it('a patient scanning counter 1 gets token "1" at the simulator, the same again, and the next patient "2"', async () => {
    app = await startAppHarness({}, { api: 'v3' });
    await app.call('settings.update', { hipId: HIP_ID, deskCounter: '1', counters: [{ id: '1', name: 'OPD Registration' }] });
    // The desk tells the simulator its bridge once the HIP id is saved (app-core.ts): moments later, not at once.
    const asha = await vi.waitFor(() => scan('asha.verma@sbx', '1'), { timeout: 10_000, interval: 100 });
    expect(await tokenAnswered(asha)).toBe('1');
    expect(await tokenAnswered(await scan('asha.verma@sbx', '1'))).toBe('1');
    expect(await tokenAnswered(await scan('meena.joshi@sbx', '1'))).toBe('2');
  });
});
