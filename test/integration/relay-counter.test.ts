// Scan & Share behind the clinic relay (docs/relay.md, "Scan & Share"), on SQLite and on PostgreSQL: real HTTP
// shares signed as the gateway signs them, real desk WebSockets speaking the relay protocol (test/support/
// relay-harness.ts, written from the protocol table, not the app's relay link). What a clinic would notice: each
// patient's share reaches exactly one desk with a token number; numbers run 1, 2, 3… per counter with no gap or
// repeat however many come at once; the same patient scanning again within 30 minutes gets the same number; numbers
// restart at the clinic's midnight; with no desk connected the share waits, marked late, and uses up no number.
// Expected numbers and times are worked out by hand from the rules (electron/shared/share-tokens.ts, the issue).
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { counterKey } from '../../electron/bridge/relay-protocol';
import { relayConfig, type RelayConfig } from '../../relay/config';
import { issueDesk } from '../../relay/desk-credentials';
import { silentLog } from '../../relay/relay-log';
import { startRelay, type RunningRelay } from '../../relay/relay-server';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { connectProtocolDesk, desksHealth, freePort, MONITORING_TOKEN_SHA256, type ProtocolDesk } from '../support/relay-harness';
import { relayWorld } from '../support/relay-world';
import { bearer, gatewayToken, post } from '../unit/bridge/bridge-support';
import { specShareBody } from '../support/spec-share';

const CLINIC = 'CLINIC-HIU-01';
const HIP_ID = 'IN2710000123';
const SHARE_V3 = '/api/v3/hip/patient/share';
const SHARE_LEGACY = '/v1.0/patients/profile/share';

const world = relayWorld('relay-counter-');

const shareBody = (counter: string, abhaAddress: string, hipId = HIP_ID) => specShareBody(abhaAddress, counter, hipId);

const tokenOf = (delivery: any): number | undefined => {
  const value = delivery.callback.headers['x-relay-token-number'];
  return value === undefined ? undefined : Number(value);
};
const validUntilOf = (delivery: any): string | undefined => delivery.callback.headers['x-relay-token-valid-until'];
const lateOf = (delivery: any): string | undefined => delivery.callback.headers['x-relay-late'];
const settle = (ms = 250) => new Promise((resolve) => setTimeout(resolve, ms));
const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

interface Clinic {
  store: RelayStore;
  relay: RunningRelay;
  url: string;
  /** Relay's clock (ms): fixed unless a test sets it; tokens are signed at it. */
  clock: { at: number | null };
  addDesk(name?: string): Promise<string>;
  connect(credential: string): Promise<ProtocolDesk>;
  /** POSTs a share as the gateway would. */
  share(counter: string, abhaAddress: string, opts?: { headerHipId?: string | null; bodyHipId?: string; extraHeaders?: Record<string, string> }): Promise<{ requestId: string; status: number; json: any }>;
}

function clinicConfig(port: number, storage: RelayConfig['storage'], api: 'v1' | 'v3' = 'v3'): RelayConfig {
  return relayConfig.parse({
    publicUrl: `http://127.0.0.1:${port}`,
    listen: { host: '127.0.0.1', port },
    hius: [{ id: CLINIC, api, gatewayCertsUrl: world.jwks.url, roles: { hip: HIP_ID }, timeZone: 'Asia/Kolkata' }],
    storage,
    monitoring: { tokenSha256: MONITORING_TOKEN_SHA256 },
  });
}

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

async function startClinic(store: RelayStore, opts: { api?: 'v1' | 'v3' } = {}): Promise<Clinic> {
  const clock: { at: number | null } = { at: null };
  const now = () => clock.at ?? Date.now();
  const port = await freePort();
  const relay = await startRelay({ config: clinicConfig(port, { sqlite: ':memory:' }, opts.api), store, log: silentLog, now });
  opened.push(async () => store.close());
  opened.push(() => relay.close());
  const legacy = opts.api === 'v1';
  return {
    store,
    relay,
    url: relay.url,
    clock,
    addDesk: async (name = 'Counter desk') => (await issueDesk(store, CLINIC, name, new Date(now()).toISOString())).credential,
    async connect(credential) {
      const desk = await connectProtocolDesk(relay.url, credential);
      opened.push(() => desk.close());
      return desk;
    },
    async share(counter, abhaAddress, { headerHipId = HIP_ID, bodyHipId = HIP_ID, extraHeaders = {} } = {}) {
      const requestId = randomUUID();
      const token = await gatewayToken(world.key, { nowMs: now() });
      const headers: Record<string, string> = { ...bearer(token), 'REQUEST-ID': requestId, TIMESTAMP: new Date(now()).toISOString(), 'X-CM-ID': 'sbx', ...extraHeaders };
      if (headerHipId !== null) headers['X-HIP-ID'] = headerHipId;
      const body = legacy
        ? { requestId, timestamp: new Date(now()).toISOString(), intent: { type: 'PROFILE_SHARE' }, profile: { hipCode: counter, patient: { healthId: abhaAddress, name: 'Asha Devi', gender: 'F', yearOfBirth: 1981 } } }
        : shareBody(counter, abhaAddress, bodyHipId);
      const response = await post(`${relay.url}/hiu/${CLINIC}${legacy ? SHARE_LEGACY : SHARE_V3}`, body, headers);
      return { requestId, status: response.status, json: response.json };
    },
  };
}

/** Acknowledges what each desk received (as a desk does once it has stored it), until `count` deliveries are in. */
async function collect(desks: ProtocolDesk[], count: number, opts: { ack?: boolean } = {}): Promise<void> {
  const acked = new Map(desks.map((desk) => [desk, new Set<number>()]));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (opts.ack !== false) {
      for (const desk of desks) {
        const done = acked.get(desk)!;
        const seqs = desk.deliveries().map((d) => d.seq as number).filter((seq) => !done.has(seq));
        if (seqs.length > 0) {
          desk.ack(seqs);
          seqs.forEach((seq) => done.add(seq));
        }
      }
    }
    const total = desks.reduce((sum, desk) => sum + desk.deliveries().length, 0);
    if (total >= count) break;
    if (Date.now() > deadline) throw new Error(`only ${total} of ${count} deliveries arrived`);
    await settle(50);
  }
  await settle();
}

/** Waits until the relay no longer counts the closed desk as connected. */
async function closeDesk(clinic: Clinic, desk: ProtocolDesk, connectedAfter: number): Promise<void> {
  await desk.close();
  const deadline = Date.now() + 5_000;
  while ((await desksHealth(clinic.url)).desksConnected !== connectedAfter) {
    if (Date.now() > deadline) throw new Error('the relay still counts the desk as connected');
    await settle(20);
  }
  await settle(100); // its session's release is a write of its own
}

describe.each(world.storages)('Scan & Share at the relay, on %s', (_name, openStore) => {
  it('two desks serving one counter, 100 patients scanning at once: each share reaches one desk, tokens 1–100 without gap or repeat', async () => {
    const clinic = await startClinic(await openStore());
    const first = await clinic.connect(await clinic.addDesk('Front desk 1'));
    const second = await clinic.connect(await clinic.addDesk('Front desk 2'));
    // Both desks serve counter 1; the relay lets one hold the counter's key, the other is refused it.
    expect((await first.expect([counterKey('1')])).accepted).toEqual(['counter:1']);
    expect((await second.expect([counterKey('1')])).refused).toEqual(['counter:1']);

    const shares = await Promise.all(oneToHundred.map((n) => clinic.share('1', `patient${n}@sbx`)));
    expect(shares.every((s) => s.status === 202)).toBe(true);
    await collect([first, second], 100);

    const all = [...first.deliveries(), ...second.deliveries()];
    expect(all.map((d) => d.callback.requestId).sort()).toEqual(shares.map((s) => s.requestId).sort());
    expect(all.map(tokenOf).sort((a, b) => a! - b!)).toEqual(oneToHundred);
    // The desk that holds the counter takes its shares.
    expect(first.deliveries()).toHaveLength(100);
    expect(second.deliveries()).toEqual([]);
    expect(all.every((d) => lateOf(d) === undefined)).toBe(true);
  }, 60_000);

  it('two desks with no claim on the counter share 100 patients between them, each share to one desk only, tokens 1–100', async () => {
    const clinic = await startClinic(await openStore());
    const first = await clinic.connect(await clinic.addDesk('Front desk 1'));
    const second = await clinic.connect(await clinic.addDesk('Front desk 2'));

    const shares = await Promise.all(oneToHundred.map((n) => clinic.share('OPD Registration', `walkin${n}@sbx`)));
    expect(shares.every((s) => s.status === 202)).toBe(true);
    // Not acknowledged: each desk's waiting count is what spreads the shares (the one with fewer waiting takes the next).
    await collect([first, second], 100, { ack: false });

    const ids = [...first.deliveries(), ...second.deliveries()].map((d) => d.callback.requestId);
    expect(new Set(ids).size).toBe(100);
    expect(ids.sort()).toEqual(shares.map((s) => s.requestId).sort());
    expect([...first.deliveries(), ...second.deliveries()].map(tokenOf).sort((a, b) => a! - b!)).toEqual(oneToHundred);
    expect(first.deliveries()).toHaveLength(50);
    expect(second.deliveries()).toHaveLength(50);
  }, 60_000);

  it('a patient scanning again within 30 minutes gets the same token and end; after them, the next number', async () => {
    const clinic = await startClinic(await openStore());
    // 10:00 in Delhi (04:30 UTC).
    clinic.clock.at = Date.parse('2026-11-27T04:30:00.000Z');
    const credential = await clinic.addDesk();
    let desk = await clinic.connect(credential);
    await desk.expect([counterKey('1')]);

    await clinic.share('1', 'asha@sbx');
    await clinic.share('1', 'ravi@sbx');
    clinic.clock.at = Date.parse('2026-11-27T04:59:00.000Z'); // 29 minutes on
    desk = await reconnect(clinic, desk, credential); // a desk stays connected by answering pings; here it connects anew
    await clinic.share('1', 'ASHA@sbx'); // the same address, as another phone might write it
    await collect([desk], 3);
    const tokens = desk.deliveries().map((d) => [tokenOf(d), validUntilOf(d)]);
    expect(tokens).toEqual([
      [1, '2026-11-27T05:00:00.000Z'],
      [2, '2026-11-27T05:00:00.000Z'],
      [1, '2026-11-27T05:00:00.000Z'],
    ]);

    clinic.clock.at = Date.parse('2026-11-27T05:00:00.000Z'); // Asha's token has ended
    desk = await reconnect(clinic, desk, credential);
    await clinic.share('1', 'asha@sbx');
    await collect([desk], 1);
    expect(desk.deliveries().map((d) => [tokenOf(d), validUntilOf(d)])).toEqual([[3, '2026-11-27T05:30:00.000Z']]);
  }, 30_000);

  it('counts each counter on its own, and starts again from 1 at midnight in the clinic’s time zone', async () => {
    const clinic = await startClinic(await openStore());
    clinic.clock.at = Date.parse('2026-11-27T18:20:00.000Z'); // 23:50 in Delhi
    const credential = await clinic.addDesk();
    let desk = await clinic.connect(credential);
    await desk.expect([counterKey('1'), counterKey('2')]);

    await clinic.share('1', 'asha@sbx');
    await clinic.share('1', 'ravi@sbx');
    await clinic.share('2', 'meena@sbx'); // the lab counter: its own numbers
    await collect([desk], 3);
    expect(desk.deliveries().map((d) => [JSON.parse(d.callback.body).metaData.context, tokenOf(d)])).toEqual([
      ['1', 1],
      ['1', 2],
      ['2', 1],
    ]);

    clinic.clock.at = Date.parse('2026-11-27T18:31:00.000Z'); // 00:01 in Delhi, though still the 27th in UTC
    desk = await reconnect(clinic, desk, credential);
    await clinic.share('1', 'gopal@sbx');
    await collect([desk], 1);
    expect(desk.deliveries().map(tokenOf)).toEqual([1]);
  }, 30_000);

  it('with no desk connected keeps the share, marked late, with no token, for every desk; the next share gets number 1', async () => {
    const clinic = await startClinic(await openStore());
    const firstCredential = await clinic.addDesk('Front desk 1');
    const secondCredential = await clinic.addDesk('Front desk 2');
    const counterDesk = await clinic.connect(firstCredential);
    await counterDesk.expect([counterKey('1')]);
    await closeDesk(clinic, counterDesk, 0);

    // A caller may not speak for the relay: its own x-relay-* headers are dropped.
    const late = await clinic.share('1', 'asha@sbx', { extraHeaders: { 'x-relay-token-number': '999', 'x-relay-late': 'false' } });
    expect(late.status).toBe(202);

    const first = await clinic.connect(firstCredential);
    const second = await clinic.connect(secondCredential);
    await collect([first, second], 2);
    for (const desk of [first, second]) {
      expect(desk.deliveries()).toHaveLength(1);
      const [delivered] = desk.deliveries();
      expect(delivered.callback.requestId).toBe(late.requestId);
      expect(lateOf(delivered)).toBe('true');
      expect(tokenOf(delivered)).toBeUndefined();
      expect(validUntilOf(delivered)).toBeUndefined();
    }

    await clinic.share('1', 'ravi@sbx');
    await collect([first, second], 3);
    const next = first.deliveries()[1];
    expect(next).toBeDefined();
    expect([tokenOf(next), lateOf(next)]).toEqual([1, undefined]);
    expect(second.deliveries()).toHaveLength(1);
  }, 30_000);

  it('a share for a counter no desk claimed goes to one connected desk only; one whose counter desk is away goes to a connected one', async () => {
    const clinic = await startClinic(await openStore());
    const away = await clinic.connect(await clinic.addDesk('Lab desk'));
    await away.expect([counterKey('2')]);
    const first = await clinic.connect(await clinic.addDesk('Front desk 1'));
    const second = await clinic.connect(await clinic.addDesk('Front desk 2'));
    await first.expect([counterKey('1')]);

    const unclaimed = await clinic.share('9', 'asha@sbx');
    await collect([away, first, second], 1, { ack: false });
    expect([away, first, second].map((desk) => desk.deliveries().length).reduce((a, b) => a + b)).toBe(1);

    // Which desk took it depends on the desks' random ids (fewest waiting, then by id): the Lab desk may be the one.
    const unclaimedAtFront = [first, second].some((desk) => desk.deliveries().length === 1);
    await closeDesk(clinic, away, 2);
    const labShare = await clinic.share('2', 'ravi@sbx');
    await collect([first, second], unclaimedAtFront ? 2 : 1, { ack: false });
    const labDelivery = [...first.deliveries(), ...second.deliveries()].find((d) => d.callback.requestId === labShare.requestId);
    expect(tokenOf(labDelivery)).toBe(1);
    const expected = unclaimedAtFront ? [unclaimed.requestId, labShare.requestId] : [labShare.requestId];
    expect([...first.deliveries(), ...second.deliveries()].map((d) => d.callback.requestId).sort()).toEqual(expected.sort());
  }, 30_000);

  it('refuses (403) a share naming another HIP id, keeps nothing of it, and hands out no number for one whose body names another', async () => {
    const clinic = await startClinic(await openStore());
    const desk = await clinic.connect(await clinic.addDesk());
    await desk.expect([counterKey('1')]);

    const refused = await clinic.share('1', 'asha@sbx', { headerHipId: 'IN9999999999' });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('other-role-id');

    // No header, but the body names another facility: the desk answers it FAILED; no number is used up for it.
    const misnamed = await clinic.share('1', 'ravi@sbx', { headerHipId: null, bodyHipId: 'IN9999999999' });
    expect(misnamed.status).toBe(202);
    const next = await clinic.share('1', 'meena@sbx');
    await collect([desk], 2);
    expect(desk.deliveries().map((d) => [d.callback.requestId, tokenOf(d)])).toEqual([
      [misnamed.requestId, undefined],
      [next.requestId, 1],
    ]);
  }, 30_000);
});

/** Closes the desk and connects it again (a new session, seen now by the relay's clock). */
async function reconnect(clinic: Clinic, desk: ProtocolDesk, credential: string): Promise<ProtocolDesk> {
  await closeDesk(clinic, desk, 0);
  return clinic.connect(credential);
}

describe('Scan & Share at the relay, legacy generation', () => {
  it('numbers a v1.0 profile share by its hipCode counter, on SQLite', async () => {
    const clinic = await startClinic(await openRelayStore({ sqlite: ':memory:' }), { api: 'v1' });
    const desk = await clinic.connect(await clinic.addDesk());
    await desk.expect([counterKey('OPD-1')]);
    const first = await clinic.share('OPD-1', 'asha@sbx');
    const again = await clinic.share('OPD-1', 'asha@sbx');
    expect([first.status, again.status]).toEqual([202, 202]);
    await collect([desk], 2);
    expect(desk.deliveries().map(tokenOf)).toEqual([1, 1]);
  }, 30_000);
});

describe('Scan & Share at two relays on one PostgreSQL database', () => {
  it('100 patients, their shares spread over both relays at once: tokens 1–100, each share to one desk', async () => {
    const url = await world.postgresDatabase();
    const clinics = [await startClinic(await openRelayStore({ postgres: url })), await startClinic(await openRelayStore({ postgres: url }))];
    // One desk connected to each relay; neither claims the counter.
    const first = await clinics[0]!.connect(await clinics[0]!.addDesk('Front desk 1'));
    const second = await clinics[1]!.connect(await clinics[0]!.addDesk('Front desk 2'));

    const shares = await Promise.all(oneToHundred.map((n) => clinics[n % 2]!.share('1', `patient${n}@sbx`)));
    expect(shares.every((s) => s.status === 202)).toBe(true);
    await collect([first, second], 100, { ack: false });

    const all = [...first.deliveries(), ...second.deliveries()];
    expect(all.map((d) => d.callback.requestId).sort()).toEqual(shares.map((s) => s.requestId).sort());
    expect(all.map(tokenOf).sort((a, b) => a! - b!)).toEqual(oneToHundred);
    expect(first.deliveries().length).toBeGreaterThan(0);
    expect(second.deliveries().length).toBeGreaterThan(0);
  }, 60_000);
});
