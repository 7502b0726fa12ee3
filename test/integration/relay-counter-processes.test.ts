// Scan & Share token numbers with two relay processes (relay/cli.ts, each its own process, as docs/relay.md's
// "Scale out" runs them) on one PostgreSQL database: 100 patients scan counter 1 at once, their shares arriving
// alternately at either process, one desk connected to each, both serving the counter. What the clinic would notice:
// every patient's share reaches exactly one desk, and the numbers handed out are exactly 1 to 100: neither process
// hands out a number the other did, though each counts in its own transactions.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueDesk } from '../../relay/desk-credentials';
import { openRelayStore } from '../../relay/store/open-store';
import { connectProtocolDesk, freePort, type ProtocolDesk } from '../support/relay-harness';
import { MONITORING, relayTestWorld, startRelayProcess, waitUntil, type RelayProcess } from '../support/relay-process';
import { bearer, gatewayToken, post } from '../unit/bridge/bridge-support';

const CLINIC = 'CLINIC-HIU-01';
const HIP_ID = 'IN2710000123';
const { world, cleanup } = relayTestWorld();

function shareBody(counter: string, abhaAddress: string) {
  return {
    intent: 'PROFILE_SHARE',
    metaData: { hipId: HIP_ID, context: counter, hprId: null, latitude: null, longitude: null },
    profile: { patient: { abhaNumber: null, abhaAddress, name: 'Asha Devi', gender: 'F', dayOfBirth: null, monthOfBirth: null, yearOfBirth: '1981', address: { line: null, district: 'Pune', state: 'Maharashtra', pincode: null }, phoneNumber: null } },
  };
}

describe('Scan & Share at two relay processes on one PostgreSQL database', () => {
  it('100 patients at one counter, shares spread over both processes at once: each to one desk, tokens exactly 1–100', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'relay-counter-processes-'));
    cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
    const storage = { postgres: await world.postgres.createDatabase() };
    const ports = [await freePort(), await freePort()];
    const relays: RelayProcess[] = [];
    for (const [index, port] of ports.entries()) {
      const file = path.join(folder, `relay-${index}.json`);
      const hius = [{ id: CLINIC, api: 'v3', gatewayCertsUrl: world.jwks.url, roles: { hip: HIP_ID }, timeZone: 'Asia/Kolkata' }];
      writeFileSync(file, JSON.stringify({ publicUrl: `http://127.0.0.1:${port}`, listen: { host: '127.0.0.1', port }, hius, storage, monitoring: MONITORING }));
      relays.push(await startRelayProcess(file, port, (stop) => cleanup.push(stop)));
    }
    // The desks' credentials, as `relay desks add` makes them.
    const admin = await openRelayStore(storage);
    const credentials = [
      (await issueDesk(admin, CLINIC, 'Front desk 1', new Date().toISOString())).credential,
      (await issueDesk(admin, CLINIC, 'Front desk 2', new Date().toISOString())).credential,
    ];
    await admin.close();
    const desks: ProtocolDesk[] = [];
    for (const [index, credential] of credentials.entries()) {
      const desk = await connectProtocolDesk(relays[index]!.url, credential);
      cleanup.push(() => desk.close());
      desks.push(desk);
    }
    // Neither desk has claimed the counter: each share goes to the connected desk with fewer waiting, which each
    // process learns from the database alone (the desks' sessions are recorded there).
    const posted = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const requestId = randomUUID();
        const headers = { ...bearer(await gatewayToken(world.key, { nowMs: Date.now() })), 'REQUEST-ID': requestId, TIMESTAMP: new Date().toISOString(), 'X-CM-ID': 'sbx', 'X-HIP-ID': HIP_ID };
        const response = await post(`${relays[i % 2]!.url}/hiu/${CLINIC}/api/v3/hip/patient/share`, shareBody('1', `patient${i + 1}@sbx`), headers);
        return { requestId, status: response.status };
      }),
    );
    expect(posted.map((p) => p.status)).toEqual(Array(100).fill(202));

    await waitUntil(
      () => desks[0]!.deliveries().length + desks[1]!.deliveries().length >= 100,
      30_000,
      () => `deliveries: ${desks[0]!.deliveries().length} + ${desks[1]!.deliveries().length}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const all = [...desks[0]!.deliveries(), ...desks[1]!.deliveries()];
    expect(all.map((d) => d.callback.requestId).sort()).toEqual(posted.map((p) => p.requestId).sort());
    expect(all.map((d) => Number(d.callback.headers['x-relay-token-number'])).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // Not acknowledged, so each share went to the desk with fewer waiting: half each, whichever process it came to.
    expect(desks.map((desk) => desk.deliveries().length)).toEqual([50, 50]);
  }, 180_000);
});
