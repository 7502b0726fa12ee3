// What the desk stores from ABDM is plain text (security review, issue 23 item 2): a care-context reference a HIP
// sends with a right-to-left override (U+202E), a NUL and markup is indexed without the two control characters,
// markup kept as text; the bundle itself is kept exactly as the HIP encrypted it. On both ABDM APIs.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const HOSTILE = 'OPD-\u202E<script>alert(1)</script>\u0000-77';
// The same text with U+202E and U+0000 taken out by hand.
const STORED = 'OPD-<script>alert(1)</script>-77';
// C0, DEL and C1 controls, and the bidi marks ABDM text must not carry (Unicode TR9: LRE…RLO, LRI…PDI, LRM, RLM, ALM).
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

describe.each(ABDM_APIS)('stored text on ABDM API %s', (api) => {
  it('a care-context reference with U+202E, NUL and <script> is stored and listed without the controls', { timeout: 60_000 }, async () => {
    app = await startHiuApp({}, {}, { api });
    expect((await app.control('/patients/asha.verma@sbx/records', { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['WellnessRecord'], careContextReference: HOSTILE })).status).toBeLessThan(300);
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', Date.now()));
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted');
    await app.settle();

    const records = await app.call('records.list', { patientId: 'asha.verma@sbx' });
    const wellness = records.find((r) => r.hiType === 'WellnessRecord');
    expect(wellness?.careContext).toBe(STORED);
    for (const record of records) expect(`${record.careContext} ${record.hipId} ${record.hiType}`).not.toMatch(CONTROLS);
    const consent = await app.call('consents.get', { id: requested.id });
    expect(JSON.stringify(consent)).not.toMatch(CONTROLS);

    // The bundle is the HIP's, byte for byte (its checksum was checked against what it encrypted).
    const sent = app.transfers().flatMap((t) => t.sent).find((s) => s.hiType === 'WellnessRecord');
    const bundle = (await app.call('records.get', { id: wellness!.id })).bundle;
    expect(createHash('sha256').update(bundle, 'utf8').digest('hex')).toBe(sent?.sha256);
  });
});
