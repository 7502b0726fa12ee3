// Scan & Share at the relay below the HTTP layer: what a profile share is routed by (the spec's own example bodies,
// abdm-frontdesk.md §1), and the store's rules on both dialects, driven through RelayStore as the server drives it,
// with times chosen by hand: a desk counts as connected for 75 seconds after its session was last seen; a token
// holds 30 minutes; once a token has ended and the desk has its share, nothing of the patient's address is left.
import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it, afterEach } from 'vitest';
import { GATEWAY_V05 } from '../../electron/abdm/gateway/v05/generation';
import { GATEWAY_V3 } from '../../electron/abdm/gateway/v3/generation';
import type { ReceivedCallback } from '../../electron/bridge/ports';
import { relayConfig } from '../../relay/config';
import { HIP_ROLE } from '../../relay/roles/hip-role';
import { routeOfCallback } from '../../relay/routing';
import { SqliteRelayStore } from '../../relay/store/sqlite-store';
import { withClient } from '../support/postgres-server';
import type { IncomingMessage, RelayStore } from '../../relay/store/relay-store';
import { relayWorld } from '../support/relay-world';

const CLINIC = 'CLINIC-HIU-01';
const HIP_ID = 'IN2810014366';

/** The spec's v3 share (abdm-frontdesk.md §1), counter "6". */
const SPEC_SHARE = {
  intent: 'PROFILE_SHARE',
  metaData: { hipId: HIP_ID, context: '6', hprId: null, latitude: null, longitude: null },
  profile: {
    patient: {
      abhaNumber: '91-7507-6821-7770',
      abhaAddress: 'Name@sbx',
      name: 'Asha Devi',
      gender: 'F',
      dayOfBirth: '1',
      monthOfBirth: '8',
      yearOfBirth: '1931',
      address: { line: '12 Temple Street', district: 'Coimbatore', state: 'Tamil Nadu', pincode: '641050' },
      phoneNumber: '9876543210',
    },
  },
};

function received(body: object, path: string, headers: Record<string, string> = { 'x-hip-id': HIP_ID }): ReceivedCallback {
  return { requestId: 'share-1', kind: 'profile.share', path, respRequestId: null, receivedAt: '2026-11-27T18:31:00.000Z', headers, body: JSON.stringify(body) };
}

/** The repeat rule's key, written again here from docs/relay.md: SHA-256 of the clinic, the counter and the address. */
function expectedHash(counter: string, address: string): string {
  return createHash('sha256').update(`abha-desk-relay-token\n${CLINIC}\n${counter}\n${address}`).digest('hex');
}

describe('what a profile share is routed by', () => {
  const clinic = { hiuId: CLINIC, roleId: HIP_ID, timeZone: 'Asia/Kolkata' };

  it('a v3 share names its counter, and asks for a token on the clinic’s local day for the patient’s hashed address', () => {
    const route = routeOfCallback(GATEWAY_V3, received(SPEC_SHARE, '/api/v3/hip/patient/share'), HIP_ROLE, clinic);
    // 18:31 UTC on the 27th is 00:01 on the 28th in Delhi.
    expect(route).toEqual({
      routeKeys: ['counter:6'],
      introduces: [],
      broadcastIfUnclaimed: true,
      counterShare: { token: { counterId: '6', patientHash: expectedHash('6', 'name@sbx'), day: '2026-11-28' } },
    });
    // The address itself goes nowhere in what the store is asked to keep about it.
    expect(JSON.stringify(route)).not.toMatch(/name@sbx/i);
  });

  it('a legacy share names its counter by hipCode', () => {
    const legacy = { requestId: 'share-1', timestamp: '2026-11-27T18:31:00.000Z', intent: { type: 'PROFILE_SHARE' }, profile: { hipCode: 'OPD 1', patient: { healthId: 'ravi@sbx', name: 'Ravi' } } };
    const route = routeOfCallback(GATEWAY_V05, received(legacy, '/v1.0/patients/profile/share'), HIP_ROLE, { ...clinic, timeZone: 'UTC' });
    expect(route.routeKeys).toEqual(['counter:OPD%201']);
    expect(route.counterShare).toEqual({ token: { counterId: 'OPD 1', patientHash: expectedHash('OPD 1', 'ravi@sbx'), day: '2026-11-27' } });
  });

  it('asks for no token for a share the desk can only answer FAILED, but still routes it to one desk', () => {
    const noAddress = structuredClone(SPEC_SHARE) as any;
    delete noAddress.profile.patient.abhaAddress;
    const recordShare = { ...SPEC_SHARE, intent: 'RECORD_SHARE' };
    const otherHip = { ...SPEC_SHARE, metaData: { ...SPEC_SHARE.metaData, hipId: 'IN9999999999' } };
    for (const body of [noAddress, recordShare]) {
      expect(routeOfCallback(GATEWAY_V3, received(body, '/api/v3/hip/patient/share'), HIP_ROLE, clinic).counterShare).toEqual({ token: null });
    }
    // The body names another facility and no header says otherwise.
    expect(routeOfCallback(GATEWAY_V3, received(otherHip, '/api/v3/hip/patient/share', {}), HIP_ROLE, clinic).counterShare).toEqual({ token: null });
  });
});

describe('the clinic’s time zone in the relay’s configuration', () => {
  const config = (timeZone: string) => ({ publicUrl: 'https://relay.example-clinic.in', hius: [{ id: CLINIC, gatewayCertsUrl: 'https://dev.abdm.gov.in/gateway/v0.5/certs', roles: { hip: HIP_ID }, timeZone }], storage: { sqlite: ':memory:' } });

  it('takes an IANA zone, and refuses a name that is not one, saying where', () => {
    expect(relayConfig.parse(config('Asia/Kolkata')).hius[0]!.timeZone).toBe('Asia/Kolkata');
    const refused = relayConfig.safeParse(config('India Standard Time'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['hius', 0, 'timeZone']);
  });
});

// ── the store's rules ────────────────────────────────────────────────────────────────────────────────────

const world = relayWorld('relay-share-tokens-');
const DESK = 'desk-frontdesk1';
const T0 = Date.parse('2026-11-27T04:30:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

function share(n: number, receivedAt: string, address = `patient${n}@sbx`): IncomingMessage {
  const payload = JSON.stringify({ requestId: `share-${n}`, kind: 'profile.share', path: '/api/v3/hip/patient/share', respRequestId: null, receivedAt, headers: {}, body: JSON.stringify({ address }) });
  return {
    hiuId: CLINIC,
    dedupeKey: `callback:share-${n}`,
    kind: 'callback',
    receivedAt,
    payload,
    routeKeys: ['counter:1'],
    introduces: [],
    broadcastIfUnclaimed: true,
    counterShare: { token: { counterId: '1', patientHash: expectedHash('1', address), day: '2026-11-27' } },
  };
}

/** What the desk's deliveries carry: [token, late] per share, in order. */
async function delivered(store: RelayStore): Promise<Array<[string | undefined, string | undefined]>> {
  return (await store.pending(DESK, 0, 100)).map((d) => {
    const headers = JSON.parse(d.payload).headers as Record<string, string>;
    return [headers['x-relay-token-number'], headers['x-relay-late']];
  });
}

const stores: RelayStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

describe.each(world.storages)('the relay store’s tokens, on %s', (_name, openStore) => {
  async function fresh(): Promise<RelayStore> {
    const store = await openStore();
    stores.push(store);
    await store.addDesk({ id: DESK, hiuId: CLINIC, name: 'Front desk', secretHash: '0'.repeat(64), createdAt: at(0) });
    return store;
  }

  it('counts a desk as connected for 75 s after its session was last seen, and not once its connection closed', async () => {
    const store = await fresh();
    await store.claimSession(DESK, 'session-a', at(0));
    await store.ingest(share(1, at(75_000))); // seen 75 s ago: still connected
    await store.ingest(share(2, at(75_001))); // a moment later: no longer
    await store.touchSession(DESK, 'session-a', at(80_000)); // it answered a ping
    await store.touchSession(DESK, 'session-old', at(200_000)); // another session's ping changes nothing
    await store.ingest(share(3, at(150_000)));
    await store.ingest(share(4, at(155_000))); // 75 s after the ping
    await store.releaseSession(DESK, 'session-old'); // an older connection closing does not end this one
    await store.ingest(share(5, at(155_000)));
    await store.releaseSession(DESK, 'session-a');
    await store.ingest(share(6, at(155_000)));
    expect(await delivered(store)).toEqual([
      ['1', undefined],
      [undefined, 'true'],
      ['2', undefined],
      ['3', undefined],
      ['4', undefined],
      [undefined, 'true'],
    ]);
  });

  it('once the desk has the share and its token has ended, the purge leaves no trace of the patient’s hash', async () => {
    const store = await fresh();
    await store.claimSession(DESK, 'session-a', at(0));
    await store.ingest(share(1, at(1_000), 'asha@sbx'));
    await store.ack(DESK, (await store.pending(DESK, 0, 10)).map((d) => d.seq));
    const hash = expectedHash('1', 'asha@sbx');

    await store.purge({ messagesBefore: at(-86_400_000), expectationsBefore: at(-86_400_000), tokensBefore: at(1_000 + 29 * 60_000) });
    // Still within its 30 minutes: the same patient gets the same number back.
    await store.claimSession(DESK, 'session-b', at(29 * 60_000));
    await store.ingest(share(2, at(29 * 60_000), 'asha@sbx'));
    expect(await delivered(store)).toEqual([['1', undefined]]);

    await store.ack(DESK, (await store.pending(DESK, 0, 10)).map((d) => d.seq));
    await store.purge({ messagesBefore: at(-86_400_000), expectationsBefore: at(-86_400_000), tokensBefore: at(1_000 + 30 * 60_000) });
    // Its token has ended: the next share of the same patient is a new patient to the count.
    await store.ingest(share(3, at(1_000 + 30 * 60_000), 'ravi@sbx'));
    expect(await delivered(store)).toEqual([['2', undefined]]);
    await store.ack(DESK, (await store.pending(DESK, 0, 10)).map((d) => d.seq));

    if (store instanceof SqliteRelayStore) {
      // On SQLite (secure_delete), the file itself: neither Asha's address nor its hash is anywhere in it.
      await store.close();
      stores.splice(stores.indexOf(store), 1);
      const text = [store.file, `${store.file}-wal`].filter(existsSync).map((name) => readFileSync(name).toString('latin1')).join('');
      expect(text).not.toContain(hash);
      expect(text).not.toContain('asha@sbx');
    } else {
      const stillKept = await withClient(world.lastPostgresUrl(), async (client) => (await client.query('SELECT patient_hash FROM share_tokens')).rows);
      expect(stillKept).toEqual([{ patient_hash: expectedHash('1', 'ravi@sbx') }]);
    }
  });
});
