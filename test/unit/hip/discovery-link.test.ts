// Patient-initiated discovery and linking, the service alone: its three handlers called as the pipeline calls them
// (a callback and the effects of its transaction), on a real register and link-request store, with a fake visits
// port, a recording SMS sender and a clock the test moves. What each answer must say is written here by hand.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscoveryRequest, LinkConfirmRequest, LinkInitRequest } from '../../../electron/abdm/gateway/hip/hip-flow-messages';
import type { CallbackContext, CallbackHandler, Effects } from '../../../electron/gateway/callback-processor';
import { PatientLink } from '../../../electron/services/hip/patient-link';
import { SmsFailure, type SmsMessage, type SmsSender } from '../../../electron/services/hip/sms-sender';
import { soundCodes } from '../../../electron/services/register/name-sounds';
import { PatientRegisterStore } from '../../../electron/store/register/patient-register-store';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';
import { FakeVisits } from '../../support/patient-link-visits';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

const T0 = Date.parse('2026-11-27T05:00:00.000Z');

let db: TestDatabase;
let visits: FakeVisits;
let clock: number;
let sent: SmsMessage[];
let smsFails: boolean;
let smsHangs: boolean;
let settings: Settings;
let handlers: Map<string, CallbackHandler<never>>;
let queued: { operation: string; payload: Record<string, unknown> }[];
let afterCommit: (() => void)[];
let link: PatientLink;
let logged: string[];

beforeEach(async () => {
  db = await openTestDatabase();
  const register = new PatientRegisterStore(db.database.db);
  const fields = { abhaNumber: null, abhaAddress: 'asha.verma@sbx', name: 'Asha Verma', gender: 'F', dateOfBirth: null, yearOfBirth: 1988, mobile: '9812345670', address: null, firstVisit: '2026-11-01T05:00:00.000Z', lastVisit: '2026-11-27T05:00:00.000Z', verified: true };
  register.add(fields, () => 'OPD-000001', soundCodes(fields.name));
  register.add({ ...fields, abhaAddress: 'no.phone@sbx', name: 'Kamla Devi', mobile: null }, () => 'OPD-000002', soundCodes('Kamla Devi'));
  visits = new FakeVisits();
  visits.add({ id: 'v-today', patientNumber: 'OPD-000001', display: 'OPD visit, 27-11-2026, Dr. Rao' });
  visits.add({ id: 'v-earlier', patientNumber: 'OPD-000001', display: 'OPD visit, 02-11-2026, Dr. Rao' });
  visits.add({ id: 'v-linked', patientNumber: 'OPD-000001', display: 'OPD visit, 01-11-2026, Dr. Rao', linkStatus: 'linked' });
  visits.add({ id: 'v-kamla', patientNumber: 'OPD-000002', display: 'OPD visit, 27-11-2026, Dr. Rao' });
  clock = T0;
  sent = [];
  smsFails = false;
  smsHangs = false;
  settings = { ...DEFAULT_SETTINGS, environment: 'training', hipId: 'IN2810014366', clinicName: 'Sharma Clinic' };
  handlers = new Map();
  logged = [];
  const sender: SmsSender = {
    send: async (sms) => {
      if (smsHangs) return new Promise<void>(() => undefined);
      sent.push(sms);
      if (smsFails) throw new SmsFailure('refused-500');
    },
  };
  link = new PatientLink({
    db: db.database.db,
    processor: { on: (kind, handler) => void handlers.set(kind, handler as CallbackHandler<never>) },
    register,
    visits,
    settings: () => settings,
    sms: () => sender,
    now: () => clock,
    emit: () => undefined,
    logError: (what, error) => void logged.push(`${what}: ${String(error)}`),
  });
  link.register();
});
afterEach(() => db.dispose());

let seq = 0;
/** Calls the handler of `kind` as the pipeline does; returns what it queued. Runs after-commit work and waits for it. */
async function deliver<M>(kind: string, message: M) {
  queued = [];
  afterCommit = [];
  const effects: Effects = {
    enqueue: (operation, payload) => (queued.push({ operation, payload }), 'q'),
    emit: () => undefined,
    after: (task) => void afterCommit.push(task),
  };
  const callback: CallbackContext<M> = { requestId: `cb-${++seq}`, respRequestId: null, headers: {}, receivedAt: new Date(clock).toISOString(), message, errorCode: null };
  (handlers.get(kind) as unknown as CallbackHandler<M>)(callback, effects);
  for (const task of afterCommit) task();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(queued).toHaveLength(1);
  return { requestId: callback.requestId, ...queued[0]! };
}

const discover = (fields: Partial<DiscoveryRequest> = {}) =>
  deliver<DiscoveryRequest>('careContexts.discover', {
    transactionId: 'txn-1',
    abhaAddress: 'asha.verma@sbx',
    abhaNumber: null,
    name: 'Asha Verma',
    gender: 'F',
    yearOfBirth: 1988,
    verified: [{ type: 'MOBILE', value: '9812345670' }],
    unverified: [],
    ...fields,
  });
const init = (careContexts: string[], transactionId = 'txn-1', patientReference = 'OPD-000001') =>
  deliver<LinkInitRequest>('link.init', { transactionId, abhaAddress: 'asha.verma@sbx', careContexts: careContexts.map((id) => ({ patientReference, careContextReference: id })) });
const confirm = (linkRefNumber: string, token: string) => deliver<LinkConfirmRequest>('link.confirm', { linkRefNumber, token });
const otpIn = (sms: SmsMessage) => /^(\d{6}) is your OTP/.exec(sms.message)![1]!;

describe('discover', () => {
  it('answers with the patient and her visits not yet linked', async () => {
    const answer = await discover();
    expect(answer.operation).toBe('careContexts.onDiscover');
    expect(answer.payload).toEqual({
      resp: { requestId: answer.requestId },
      transactionId: 'txn-1',
      patient: {
        referenceNumber: 'OPD-000001',
        display: 'Asha Verma',
        careContexts: [
          { referenceNumber: 'v-today', display: 'OPD visit, 27-11-2026, Dr. Rao' },
          { referenceNumber: 'v-earlier', display: 'OPD visit, 02-11-2026, Dr. Rao' },
        ],
        matchedBy: ['ABHA_ADDRESS', 'MOBILE'],
      },
      error: null,
    });
  });

  it('answers 1404 when nobody matches', async () => {
    const answer = await discover({ abhaAddress: 'stranger@sbx', name: 'Zoya Khan', verified: [] });
    expect(answer.payload).toMatchObject({ transactionId: 'txn-1', patient: null, error: { code: '1404' } });
  });
});

describe('link init', () => {
  it('sends a six-digit OTP to the register’s mobile after the commit, and answers with the masked mobile and 5 minutes', async () => {
    await discover();
    const answer = await init(['v-today', 'v-earlier']);
    expect(answer.operation).toBe('link.onInit');
    expect(answer.payload).toMatchObject({
      transactionId: 'txn-1',
      link: { communicationHint: 'XXXXXX5670', communicationExpiry: '2026-11-27T05:05:00.000Z' },
      error: null,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('9812345670');
    expect(sent[0]!.message).toMatch(/^\d{6} is your OTP to link your records at Sharma Clinic\. Valid 5 minutes\.\n\d{6} Sharma Clinic पर/);
    // The OTP is not in the database in any form a reader could use.
    const stored = JSON.stringify(db.database.db.prepare('SELECT * FROM hip_link_requests').all());
    expect(stored).not.toContain(otpIn(sent[0]!));
    expect(link.requestsOf('OPD-000001')[0]).toMatchObject({ smsStatus: 'sent', careContexts: ['v-today', 'v-earlier'] });
  });

  it('refuses a visit the discovery did not offer (linked already, or another patient’s), an unknown transaction, and a patient with no mobile', async () => {
    await discover();
    expect((await init(['v-linked'])).payload).toMatchObject({ link: null, error: { code: '1421' } });
    expect((await init(['v-kamla'], 'txn-1', 'OPD-000002')).payload).toMatchObject({ link: null, error: { code: '1421' } });
    expect((await init(['v-today'], 'txn-unknown')).payload).toMatchObject({ link: null, error: { code: '1512' } });
    await discover({ transactionId: 'txn-2', abhaAddress: 'no.phone@sbx', verified: [] });
    expect((await init(['v-kamla'], 'txn-2', 'OPD-000002')).payload).toMatchObject({ link: null, error: { code: '1500' } });
    expect(sent).toHaveLength(0);
  });

  it('keeps the link request when the SMS fails, and says so', async () => {
    smsFails = true;
    await discover();
    const answer = await init(['v-today']);
    expect(answer.payload).toMatchObject({ error: null });
    expect(link.requestsOf('OPD-000001')).toEqual([expect.objectContaining({ status: 'waiting', smsStatus: 'failed', smsProblem: 'refused-500' })]);
    // The log says why, and never holds the OTP, the mobile or the text.
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('refused-500');
    expect(logged[0]).not.toContain(otpIn(sent[0]!));
    expect(logged[0]).not.toContain('9812345670');
  });
});

describe('link confirm', () => {
  async function started() {
    await discover();
    const answer = await init(['v-today']);
    return { reference: (answer.payload.link as { referenceNumber: string }).referenceNumber, otp: otpIn(sent[0]!) };
  }
  const wrong = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

  it('links with the right OTP after a wrong one, and tells the visits', async () => {
    const { reference, otp } = await started();
    expect((await confirm(reference, wrong(otp))).payload).toMatchObject({ patient: null, error: { code: '1405' } });
    expect(visits.linkedByPatient).toEqual([]);
    const answer = await confirm(reference, otp);
    expect(answer.payload).toEqual({
      resp: { requestId: answer.requestId },
      patient: { referenceNumber: 'OPD-000001', display: 'Asha Verma', careContexts: [{ referenceNumber: 'v-today', display: 'OPD visit, 27-11-2026, Dr. Rao' }] },
      error: null,
    });
    expect(visits.linkedByPatient).toEqual([['v-today']]);
    expect((await confirm(reference, otp)).payload).toMatchObject({ error: { code: '1411' } });
  });

  it('the third wrong OTP kills the request: even the right one is refused after', async () => {
    const { reference, otp } = await started();
    expect((await confirm(reference, wrong(otp))).payload).toMatchObject({ error: { code: '1405' } });
    expect((await confirm(reference, wrong(otp))).payload).toMatchObject({ error: { code: '1405' } });
    expect((await confirm(reference, wrong(otp))).payload).toMatchObject({ error: { code: '1408' } });
    expect((await confirm(reference, otp)).payload).toMatchObject({ error: { code: '1408' } });
    expect(visits.linkedByPatient).toEqual([]);
  });

  it('an OTP is good for 5 minutes and not a moment more', async () => {
    const { reference, otp } = await started();
    clock = T0 + 5 * 60_000 + 1;
    expect((await confirm(reference, otp)).payload).toMatchObject({ patient: null, error: { code: '1406' } });
    expect(visits.linkedByPatient).toEqual([]);
  });

  it('an unknown reference is 1413', async () => {
    expect((await confirm('no-such-ref', '123456')).payload).toMatchObject({ error: { code: '1413' } });
  });
});

describe('OTP requests', () => {
  it('sends at most three OTPs to a patient in 15 minutes; the fourth ask is 1407 and sends nothing', async () => {
    await discover();
    for (let n = 0; n < 3; n += 1) expect((await init(['v-today'])).payload).toMatchObject({ error: null });
    expect((await init(['v-today'])).payload).toMatchObject({ link: null, error: { code: '1407' } });
    expect(sent).toHaveLength(3);
    clock = T0 + 15 * 60_000 + 1;
    expect((await init(['v-today'])).payload).toMatchObject({ error: null });
    expect(sent).toHaveLength(4);
  });
});

describe('a restart', () => {
  it('shows an SMS that was still going when the desk stopped as failed (interrupted), and leaves sent ones alone', async () => {
    await discover();
    await init(['v-today']);
    smsHangs = true;
    await init(['v-earlier']);
    clock = T0 + 2 * 60_000;
    expect(link.sweep()).toBe(1);
    const byVisit = Object.fromEntries(link.requestsOf('OPD-000001').map((r) => [r.careContexts[0], [r.smsStatus, r.smsProblem]]));
    expect(byVisit).toEqual({ 'v-today': ['sent', null], 'v-earlier': ['failed', 'interrupted'] });
  });
});
