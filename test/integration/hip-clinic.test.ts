// The clinic as an HIP from end to end, on both API generations, through the real app core (dispatcher, bridge,
// pipeline, stores) and the embedded simulator as ABDM: a patient scans the counter's QR and is registered → the
// day's visit is linked (the simulator's consent manager holds the care context under the ABHA) → the clerk files a
// PDF prescription and a photographed lab report → the simulator's foreign HIU asks with a consent, decrypts what the
// desk pushed with its own Fidelius keys, and finds each bundle byte-identical to what the desk filed and a valid
// document by its own check (sandbox/hip/bundle-check.ts, not the desk's). A revoked consent, a request outside the
// consent's dates, a consent for other types and (on gateway v0.5, the one that tells) a deactivated patient are
// refused and push nothing. Last, the data
// folder is read as a thief would: no name, no document, no key in plain text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AbdmApi } from '../../electron/store/settings/settings-schema';
import { filesUnder } from '../support/data-folder';
import { startHiuApp, type HiuApp } from '../support/hiu-app';

const HIP_ID = 'IN2810014366';
const DOCTOR = 'Dr. Kavita Rao';
const ASHA = { abhaAddress: 'asha.verma@sbx', name: 'Asha' };
const fixture = (name: string) => readFileSync(new URL(`../fixtures/hip/${name}`, import.meta.url));
const PDF = fixture('letter.pdf');
const LAB_PHOTO = fixture('lab-800x600.jpg');
const DAY = 86_400_000;

let app: HiuApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** The share and consent messages the simulator sends, in the generation the desk's API pairs with. */
const generationOf = (api: AbdmApi) => (api === 'v3' ? 'v3' : 'v0.5');

async function simulator(desk: HiuApp, method: 'GET' | 'POST', route: string, body?: unknown): Promise<any> {
  const response = await fetch(`${desk.sandbox.url}/_sandbox${route}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, desk = app!): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    await desk.settle();
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen: ${JSON.stringify(await read())}`);
}

/** Settings as the clinic's administrator sets them, then a patient scans counter 1 and the clerk registers her. */
async function registeredAtTheCounter(api: AbdmApi): Promise<{ desk: HiuApp; patientNumber: string }> {
  const desk = await startHiuApp({}, {}, { api });
  app = desk;
  await desk.call('settings.update', {
    hipId: HIP_ID,
    hipName: 'Shanti Nursing Home',
    counters: [{ id: '1', name: 'OPD Registration' }],
    deskCounter: '1',
    doctors: [DOCTOR],
  });
  // The desk tells the simulator its bridge once the HIP role is on; the share is posted to it.
  const shared = await until(
    'the share reaching the desk',
    () => simulator(desk, 'POST', '/hip/share', { hipId: HIP_ID, counterId: '1', abhaAddress: ASHA.abhaAddress, generation: generationOf(api) }).catch(() => null),
    (answer) => answer?.bridgeStatus === 202 || answer?.bridgeStatus === 200,
  );
  expect(shared.requestId).toBeTruthy();
  const [share] = await until('the share listed', () => desk.call('counter.shares'), (shares) => shares.length === 1);
  const patient = await desk.call('register.fromShare', { shareId: share!.id });
  return { desk, patientNumber: patient.patientNumber };
}

const yesterday = () => new Date(Date.now() - DAY).toISOString().slice(0, 10);

describe.each(['v3', 'v1'] as const)('the clinic as an HIP on ABDM API %s', (api) => {
  it(
    'registers → links the visit → files a PDF and a photo → a foreign HIU gets both, byte-identical and valid; refusals push nothing',
    { timeout: 180_000 },
    async () => {
      const { desk, patientNumber } = await registeredAtTheCounter(api);

      // Registering opened today's visit, named as the patient's app shows it, and it is linked by the desk.
      const [visit] = await until('the visit linked', () => desk.call('hip.visits', { patientNumber }), (visits) => visits[0]?.link.status === 'linked');
      const today = new Intl.DateTimeFormat('en-GB', { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }).format(new Date()).replaceAll('/', '-');
      expect(visit!.display).toBe(`OPD visit, ${today}, ${DOCTOR}`);
      expect(visit!.link.how).toBe('desk');
      const held = await simulator(desk, 'GET', `/hip/links?abhaAddress=${encodeURIComponent(ASHA.abhaAddress)}`);
      expect(held.careContexts).toEqual([
        expect.objectContaining({ hipId: HIP_ID, patientReference: patientNumber, careContextReference: visit!.id, display: visit!.display, linkedBy: 'desk' }),
      ]);

      // Two papers handed in at the desk.
      const date = yesterday();
      const prescription = await desk.call('hip.addDocument', { visitId: visit!.id, kind: 'Prescription', date, fileType: 'application/pdf', contentBase64: PDF.toString('base64') });
      const lab = await desk.call('hip.addDocument', { visitId: visit!.id, kind: 'DiagnosticReport', title: 'Blood test, CBC', date, fileType: 'image/jpeg', contentBase64: LAB_PHOTO.toString('base64') });
      // ABDM was told of both (context notify), and acknowledged: the screen says they are in the patient's app.
      const filed = await until('both documents told to ABDM', () => desk.call('hip.visits', { patientNumber }), (visits) => visits[0]!.documents.length === 2 && visits[0]!.documents.every((d) => d.notified));
      expect(filed[0]!.documents.map((d) => [d.kind, d.title])).toEqual(
        expect.arrayContaining([
          ['Prescription', expect.any(String)],
          ['DiagnosticReport', 'Blood test, CBC'],
        ]),
      );
      const notifies = await simulator(desk, 'GET', `/hip/received?path=${encodeURIComponent(api === 'v3' ? '/api/hiecm/hip/v3/link/context/notify' : '/gateway/v0.5/links/context/notify')}`);
      const told = notifies.messages as { body: { notification: { careContext: { careContextReference: string }; hiTypes: string[] } } }[];
      expect(told.flatMap((n) => n.body.notification.hiTypes).sort()).toEqual(['DiagnosticReport', 'Prescription']);
      expect(told.every((n) => n.body.notification.careContext.careContextReference === visit!.id)).toBe(true);

      // A foreign HIU asks with the patient's consent, for both kinds over the last year.
      const now = Date.now();
      // ABDM tells the HIP of a consent before the HIU can ask under it: the desk has applied the notification
      // (settled) before the test asks.
      const consentFor = async (hiTypes: string[]) => {
        const { consentId } = await simulator(desk, 'POST', '/hip/consents', {
          hipId: HIP_ID,
          abhaAddress: ASHA.abhaAddress,
          hiTypes,
          from: new Date(now - 365 * DAY).toISOString(),
          to: new Date(now + DAY).toISOString(),
          dataEraseAt: new Date(now + 30 * DAY).toISOString(),
          generation: generationOf(api),
        });
        await desk.settle();
        return consentId as string;
      };
      const ask = async (consentId: string, range: { from?: string; to?: string } = {}) => {
        const { transactionId } = await simulator(desk, 'POST', '/hip/hi-requests', { consentId, ...range });
        return until(
          'the desk’s answer to the request',
          () => simulator(desk, 'GET', `/hip/hi-requests/${transactionId}`),
          (request) => request.onRequest !== null && (request.notify !== null || hasError(request.onRequest)),
        );
      };

      const both = await consentFor(['Prescription', 'DiagnosticReport']);
      const answered = await ask(both);
      expect(hasError(answered.onRequest)).toBe(false);
      const stored = new Map([prescription, lab].map((d) => [d.id, desk.core.hip.documents.bundleText(d.id)]));
      const received = answered.entries as { bundle: string | null; valid: boolean; problems: string[]; careContextReference: string }[];
      expect(received).toHaveLength(2);
      for (const entry of received) {
        expect(entry.problems).toEqual([]);
        expect(entry.valid).toBe(true);
        expect(entry.careContextReference).toBe(visit!.id);
      }
      // Byte-identical: the decrypted texts are exactly the two texts the desk filed, one each.
      expect(received.map((e) => e.bundle).sort()).toEqual([...stored.values()].sort());
      // The PDF travels as received; the photo as a JPEG inside the lab report.
      const pdfBundle = stored.get(prescription.id)!;
      expect(pdfBundle).toContain(PDF.toString('base64'));
      expect(stored.get(lab.id)!).toContain('"contentType":"image/jpeg"');
      expect(transferStatus(answered.notify)).toEqual({ session: 'TRANSFERRED', careContexts: [[visit!.id, 'DELIVERED']] });
      // Each document now says whom it was shared with, under which consent.
      const shared = await until('the shared-with lists', () => desk.call('hip.visits', { patientNumber }), (visits) => visits[0]!.documents.every((d) => d.sharedWith.length === 1));
      for (const document of shared[0]!.documents) expect(document.sharedWith[0]).toMatchObject({ consentId: both });

      // A consent for other kinds only: nothing of these two goes.
      const otherKinds = await ask(await consentFor(['DischargeSummary']));
      expect(otherKinds.entries).toEqual([]);
      expect(otherKinds.pagesReceived).toBe(0);

      // A request for dates outside what the patient consented to: refused with ABDM's error, nothing pushed.
      const outside = await ask(both, { from: new Date(now - 3 * 365 * DAY).toISOString(), to: new Date(now - 2 * 365 * DAY).toISOString() });
      expect(hasError(outside.onRequest)).toBe(true);
      expect(outside.pagesReceived).toBe(0);

      // A revoked consent: refused, nothing pushed.
      const revoked = await consentFor(['Prescription', 'DiagnosticReport']);
      await simulator(desk, 'POST', `/hip/consents/${revoked}/revoke`, {});
      await desk.settle();
      const afterRevoke = await ask(revoked);
      expect(hasError(afterRevoke.onRequest)).toBe(true);
      expect(afterRevoke.pagesReceived).toBe(0);

      // ABDM deactivates the patient: a live consent no longer gets anything. HIE-CM v3 has no patient status message
      // (abdm-v3.md: "no v3 equivalent found"; docs/hiu-engine.md), so only gateway v0.5 can tell the desk.
      if (api === 'v1') {
        const live = await consentFor(['Prescription', 'DiagnosticReport']);
        await simulator(desk, 'POST', `/patients/${encodeURIComponent(ASHA.abhaAddress)}/status`, { status: 'DEACTIVATED' });
        await desk.settle();
        const deactivated = await ask(live);
        expect(hasError(deactivated.onRequest)).toBe(true);
        expect(deactivated.pagesReceived).toBe(0);
      }

      // The data folder as a thief with a copy of it reads it: no name, no ABHA address, no document, no key.
      const dataFolder = desk.dataFolder;
      const plain = [ASHA.abhaAddress, 'Verma', '%PDF-', PDF.toString('base64').slice(0, 40), LAB_PHOTO.subarray(0, 64).toString('base64'), 'Blood test, CBC', 'BEGIN PRIVATE KEY'];
      for (const file of filesUnder(dataFolder)) {
        const bytes = readFileSync(file);
        for (const secret of plain) expect(bytes.includes(Buffer.from(secret)), `${path.relative(dataFolder, file)} holds ${secret.slice(0, 30)}`).toBe(false);
      }
    },
  );
});

function hasError(answer: any): boolean {
  return Boolean(answer?.body?.error ?? answer?.error);
}

/** The transfer notify's session status and each care context's status, as the desk told ABDM. */
function transferStatus(notify: any): { session: string; careContexts: [string, string][] } {
  const status = (notify?.body ?? notify)?.notification?.statusNotification;
  return { session: status?.sessionStatus, careContexts: (status?.statusResponses ?? []).map((r: { careContextReference: string; hiStatus: string }) => [r.careContextReference, r.hiStatus]) };
}
