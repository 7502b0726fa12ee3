// Enrol and Verify register their patient in the clinic's register, verified, through the same IPC calls the screens
// make, on both ABDM API generations; the register's channels answer a clerk's search and refuse bad input clearly.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { startAppHarness, type AppHarness } from '../support/app-harness';

const OTP = '123456';
/** A mobile no training identity has linked to Aadhaar, so it always needs its own OTP. */
const OTHER_MOBILE = '9000000017';

describe.each(ABDM_APIS)('on ABDM API %s', (api) => {
  let app: AppHarness;
  beforeEach(async () => {
    app = await startAppHarness({}, { api });
  });
  afterEach(async () => app.close());

  async function verify(abha: string) {
    const sent = await app.call('verify.start', { abha });
    const outcome = await app.call('verify.confirm', { flowId: sent.flowId, otp: OTP });
    if (!('patient' in outcome)) throw new Error('expected the patient, got a choice');
    return outcome.patient;
  }

  it('Verify registers the patient once, verified, under OPD-000001; a second Verify is the same registration', async () => {
    await verify('asha.verma@sbx');
    const [registered] = await app.call('register.search', { query: '91-4820-1736-5529' });
    // The training resident of sandbox/training-identities.ts, as ABDM gives her.
    expect(registered).toMatchObject({
      patientNumber: 'OPD-000001',
      abhaNumber: '91-4820-1736-5529',
      abhaAddress: 'asha.verma@sbx',
      name: 'Asha Devi Verma',
      gender: 'F',
      dateOfBirth: '1988-07-14',
      yearOfBirth: 1988,
      verified: true,
    });
    await verify('91-4820-1736-5529');
    expect(await app.call('register.search', { query: '' })).toHaveLength(1);
    expect(await app.call('register.get', { patientNumber: 'OPD-000001' })).toMatchObject({ name: 'Asha Devi Verma' });
    // Found as a clerk would type her: by sound, by the mobile's last digits.
    expect((await app.call('register.search', { query: 'aasha varma' })).map((p) => p.patientNumber)).toEqual(['OPD-000001']);
    expect((await app.call('register.search', { query: '5670' })).map((p) => p.patientNumber)).toEqual(['OPD-000001']);
  });

  it('Enrol registers the new patient, verified, with the prefix Settings gives', async () => {
    await app.call('settings.update', { patientNumberPrefix: 'GEN/' });
    const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true });
    let next = await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: OTHER_MOBILE });
    if (next.next === 'mobile-otp') next = await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP });
    const patient = next.next === 'done' ? next.result.patient : (await app.call('enrol.create', { flowId: sent.flowId, abhaAddress: 'ravi.sharma85' })).patient;
    const registered = await app.call('register.get', { patientNumber: 'GEN/000001' });
    expect(registered).toMatchObject({ abhaNumber: patient.abhaNumber, name: 'Ravi Kumar Sharma', gender: 'M', yearOfBirth: 1985, verified: true });
  });

  it('a profile read again is no visit and registers nobody new', async () => {
    const patient = await verify('asha.verma@sbx');
    const before = await app.call('register.get', { patientNumber: 'OPD-000001' });
    await app.call('patient.profile', { abhaNumber: patient.abhaNumber });
    expect(await app.call('register.get', { patientNumber: 'OPD-000001' })).toEqual(before);
  });

  it('says plainly what is wrong: an unknown number, an unknown share, a share id that is not one', async () => {
    await app.call('settings.update', { language: 'en' });
    const unknown = await app.fail('register.get', { patientNumber: 'OPD-000042' });
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', params: { reason: 'patient-number' } });
    expect(unknown.message).toContain('OPD-000042');
    const noShare = await app.fail('register.fromShare', { shareId: '0b6f3c2e-6f0a-4a57-9d55-2f3c1b7a9e01' });
    expect(noShare.message).toContain('no longer on the counter board');
    const notAnId = await app.fail('register.checkShare', { shareId: 'token 7' });
    expect(notAnId.code).toBe('INVALID_INPUT');
    await app.call('settings.update', { language: 'hi' });
    expect((await app.fail('register.get', { patientNumber: 'OPD-000042' })).message).toContain('पंजीकृत नहीं है');
  });
});
