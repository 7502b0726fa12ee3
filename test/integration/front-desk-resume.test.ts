// The enrolment and the login live in main, one of each at a time: a screen that was reloaded finds its step again
// (never the Aadhaar number or ABDM's transaction), Close patient ends them, wrong OTPs are counted to the lock,
// and what the operator types the usual ways (a suffix-less address, a spaced or +91 mobile) is taken. Both APIs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { startAppHarness, type AppHarness } from '../support/app-harness';

const OTP = '123456';
const ravi = TRAINING_IDENTITIES.newResident;

describe.each(ABDM_APIS)('on ABDM API %s', (api) => {
  let app: AppHarness;

  beforeEach(async () => {
    app = await startAppHarness({}, { api });
  });
  afterEach(async () => app.close());

  it('gives the open enrolment back at its step, masked, and nothing that identifies the Aadhaar or the transaction', async () => {
    expect(await app.call('enrol.current')).toEqual({ enrolment: null });
    const sent = await app.call('enrol.start', { aadhaar: ravi.aadhaar, patientConsented: true });
    const { enrolment } = await app.call('enrol.current');
    expect(enrolment).toMatchObject({ flowId: sent.flowId, step: 'aadhaar-otp', mobile: null, suggestions: [] });
    expect(enrolment!.sent).toMatchObject({ flowId: sent.flowId, sentTo: 'XXXX XXXX 0124', resendsLeft: 2, attemptsLeft: 5, lockedUntil: null });
    expect(Object.keys(enrolment!).sort()).toEqual(['flowId', 'mobile', 'sent', 'step', 'suggestions', 'takesEmail']);
    expect(JSON.stringify(enrolment)).not.toContain(ravi.aadhaar.slice(0, 8));
  });

  it('counts wrong OTPs to the lock: the tries left, then the time it may be tried again, kept for a reloaded screen', async () => {
    const sent = await app.call('enrol.start', { aadhaar: ravi.aadhaar, patientConsented: true });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await app.fail('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: '000000', mobile: '98765 00009' }));
    expect(answers.map((a) => a.message)).toEqual([
      'Wrong OTP. 4 tries left. Check the OTP with the patient and type it again.',
      'Wrong OTP. 3 tries left. Check the OTP with the patient and type it again.',
      'Wrong OTP. 2 tries left. Check the OTP with the patient and type it again.',
      'Wrong OTP. 1 try left: one more wrong OTP locks OTPs for this patient for 12 hours. Check the OTP with the patient before you verify.',
      expect.stringMatching(/^Too many wrong OTPs: ABDM has locked OTP verification for this patient\. It can be tried again after \d\d-\d\d-\d{4} \d\d:\d\d\.$/),
    ]);
    const lock = answers[4]!;
    expect(lock.code).toBe('OTP_LOCKED');
    const retryAt = Date.parse(String(lock.params!.retryAt));
    expect(retryAt - Date.now()).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);

    const { enrolment } = await app.call('enrol.current');
    expect(enrolment).toMatchObject({ step: 'aadhaar-otp', mobile: '9876500009', sent: { attemptsLeft: 0, lockedUntil: lock.params!.retryAt } });
    // Even the right OTP is not sent while locked, and no new OTP either.
    expect((await app.fail('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: '9876500009' })).code).toBe('OTP_LOCKED');
    expect((await app.fail('enrol.resendAadhaarOtp', { flowId: sent.flowId })).code).toBe('OTP_LOCKED');
  });

  it('ends the open enrolment when abandoned, and a new one replaces the one before', async () => {
    const first = await app.call('enrol.start', { aadhaar: ravi.aadhaar, patientConsented: true });
    const second = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.secondResident.aadhaar, patientConsented: true });
    expect((await app.fail('enrol.verifyAadhaarOtp', { flowId: first.flowId, otp: OTP, mobile: '9876500009' })).code).toBe('FLOW_EXPIRED');
    expect((await app.call('enrol.current')).enrolment?.flowId).toBe(second.flowId);
    expect(await app.call('enrol.abandon')).toEqual({ abandoned: true });
    expect(await app.call('enrol.current')).toEqual({ enrolment: null });
    expect((await app.fail('enrol.verifyAadhaarOtp', { flowId: second.flowId, otp: OTP, mobile: '9876500009' })).code).toBe('FLOW_EXPIRED');
  });

  it('takes a mobile typed with spaces and +91, and the mobile OTP step comes back after a reload', async () => {
    const sent = await app.call('enrol.start', { aadhaar: ravi.aadhaar, patientConsented: true });
    const next = await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: '+91 98300 00003' });
    expect(next).toMatchObject({ next: 'mobile-otp', sent: { sentTo: 'XXXXXX0003' } });
    const { enrolment } = await app.call('enrol.current');
    expect(enrolment).toMatchObject({ step: 'mobile-otp', mobile: '9830000003', sent: { sentTo: 'XXXXXX0003', attemptsLeft: 5 } });
    expect(await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP })).toMatchObject({ next: 'address' });
    expect((await app.call('enrol.current')).enrolment).toMatchObject({ step: 'address', sent: null });
  });

  it('verifies by an ABHA address typed without its suffix, and gives the open login back', async () => {
    const sent = await app.call('verify.start', { abha: 'Asha.Verma' });
    expect(sent.sentTo).toBe('asha.verma@sbx');
    const { verification } = await app.call('verify.current');
    expect(verification).toMatchObject({ flowId: sent.flowId, step: 'otp', identifier: 'asha.verma@sbx', sent: { sentTo: 'asha.verma@sbx' }, choices: [] });
    const wrong = await app.fail('verify.confirm', { flowId: sent.flowId, otp: '000000' });
    expect(wrong).toMatchObject({ code: 'OTP_WRONG', params: { attemptsLeft: 4 } });
    const outcome = await app.call('verify.confirm', { flowId: sent.flowId, otp: OTP });
    expect(outcome).toMatchObject({ patient: { abhaNumber: '91-4820-1736-5529' } });
    expect(await app.call('verify.current')).toEqual({ verification: null });
  });

  it('ends the open login when abandoned', async () => {
    const sent = await app.call('verify.start', { abha: '91 4820 1736 5529' });
    await app.call('verify.abandon');
    expect(await app.call('verify.current')).toEqual({ verification: null });
    expect((await app.fail('verify.confirm', { flowId: sent.flowId, otp: OTP })).code).toBe('FLOW_EXPIRED');
  });

  it('says which address the patient already has when one was typed for an Aadhaar that has an ABHA', async () => {
    const asha = TRAINING_IDENTITIES.existingAbha;
    const sent = await app.call('enrol.start', { aadhaar: asha.aadhaar, patientConsented: true });
    let next = await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: asha.aadhaarMobile });
    if (next.next === 'mobile-otp') next = await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP });
    if (api === 'v3') {
      // ABHA v3 says so right after the Aadhaar OTP, before any address is typed.
      expect(next).toMatchObject({ next: 'done', result: { isNew: false, patient: { abhaAddress: 'asha.verma@sbx' } } });
      return;
    }
    const result = await app.call('enrol.create', { flowId: sent.flowId, abhaAddress: 'asha.new@sbx' });
    expect(result).toMatchObject({ isNew: false, unusedAddress: 'asha.new', patient: { abhaAddress: 'asha.verma@sbx' } });
  });
});
