// The front-desk slice end to end through the IPC handlers: enrol, verify, profile, card, save, print, audit.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, TRAINING_IDENTITIES } from '../../sandbox/index';
import { startAppHarness, type AppHarness } from '../support/app-harness';

const OTP = '123456';
let app: AppHarness;

beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => app.close());

async function enrol(aadhaar: string, abhaAddress?: string) {
  const sent = await app.call('enrol.start', { aadhaar, patientConsented: true });
  await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP });
  await app.call('enrol.sendMobileOtp', { flowId: sent.flowId, mobile: '9876500001' });
  await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP });
  return app.call('enrol.create', { flowId: sent.flowId, ...(abhaAddress ? { abhaAddress } : {}) });
}

describe('enrolment', () => {
  it('creates an ABHA and shows where the OTP went, masked', async () => {
    const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true });
    expect(sent.sentTo).toBe('XXXX XXXX 0124');
    expect(sent.resendAfterSeconds).toBe(60);
    await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP });
    const mobileSent = await app.call('enrol.sendMobileOtp', { flowId: sent.flowId, mobile: '9876500001' });
    expect(mobileSent.sentTo).toBe('XXXXXX0001');
    await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP });
    const created = await app.call('enrol.create', { flowId: sent.flowId, abhaAddress: 'ravi.sharma85' });
    expect(created.isNew).toBe(true);
    expect(created.patient.name).toBe('Ravi Kumar Sharma');
    expect(created.patient.abhaAddress).toBe('ravi.sharma85@sbx');
    expect(created.patient.abhaNumber).toMatch(/^\d{2}-\d{4}-\d{4}-\d{4}$/);
  });

  it('records the operator’s attestation of the patient’s consent before the OTP is sent, with the Aadhaar masked', async () => {
    await app.call('settings.update', { language: 'hi' });
    const before = Date.now();
    await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true });
    await app.call('settings.update', { language: 'en' });
    const consents = (await app.call('audit.list', {})).filter((e) => e.action === 'enrolment.consent');
    expect(consents).toHaveLength(1);
    const [consent] = consents;
    expect(consent!.operator).toBe('Meena (front desk)');
    expect(consent!.abhaNumber).toBeNull();
    expect(Date.parse(consent!.at)).toBeGreaterThanOrEqual(before - 1_000);
    expect(JSON.parse(consent!.detail!)).toEqual({ maskedAadhaar: 'XXXX XXXX 0124', textVersion: '1', language: 'hi' });
    expect(consent!.detail).not.toContain(TRAINING_IDENTITIES.newResident.aadhaar);
  });

  it('records no consent when the patient did not agree', async () => {
    await app.fail('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: false as true });
    expect((await app.call('audit.list', {})).filter((e) => e.action === 'enrolment.consent')).toEqual([]);
  });

  it('returns the existing account when the Aadhaar already has an ABHA', async () => {
    const created = await enrol(TRAINING_IDENTITIES.existingAbha.aadhaar);
    expect(created.isNew).toBe(false);
    expect(created.patient.abhaNumber).toBe('91-4820-1736-5529');
  });

  it('refuses to send an OTP without the patient’s consent or with a mistyped Aadhaar, naming the field', async () => {
    const noConsent = await app.fail('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: false as true });
    expect(noConsent.code).toBe('INVALID_INPUT');
    expect(noConsent.fields).toEqual([{ path: 'patientConsented', code: 'consent-required' }]);
    expect(noConsent.message).toContain('Ask the patient first');
    const mistyped = await app.fail('enrol.start', { aadhaar: '234567890125', patientConsented: true });
    expect(mistyped.fields).toEqual([{ path: 'aadhaar', code: 'aadhaar.check-digit' }]);
    expect(mistyped.message).toMatch(/mistyped/);
    expect(mistyped.message).not.toContain('234567890125');
  });

  it('maps a wrong OTP to a plain message and keeps ABDM’s code, and the flow goes on', async () => {
    const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true });
    const wrong = await app.fail('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: '000000' });
    expect(wrong.code).toBe('ABDM_ERROR');
    expect(wrong.abdmCode).toMatch(/^HIS-\d+/);
    expect(wrong.message).toMatch(/OTP/);
    await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP });
  });

  it('refuses a step out of order', async () => {
    const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.secondResident.aadhaar, patientConsented: true });
    const early = await app.fail('enrol.create', { flowId: sent.flowId });
    expect(early.code).toBe('WRONG_STEP');
  });
});

describe('verify an existing ABHA, then the card', () => {
  async function verify() {
    const sent = await app.call('verify.start', { abha: 'asha.verma@sbx' });
    return app.call('verify.confirm', { flowId: sent.flowId, otp: OTP });
  }

  it('verifies by ABHA address and shows the profile', async () => {
    const { patient } = await verify();
    expect(patient).toMatchObject({ abhaNumber: '91-4820-1736-5529', name: 'Asha Devi Verma', gender: 'F', dateOfBirth: '14/7/1988' });
    const profile = await app.call('patient.profile', { abhaNumber: patient.abhaNumber });
    expect(profile.abhaAddress).toBe('asha.verma@sbx');
  });

  it('says when an ABHA does not exist', async () => {
    const error = await app.fail('verify.start', { abha: '91-0000-0000-0006' });
    expect(error.abdmCode).toBe('HIS-1008');
  });

  it('saves the card as PNG and PDF, prints both layouts, and audits each action', async () => {
    const { patient } = await verify();
    const image = await app.call('card.image', { abhaNumber: patient.abhaNumber, format: 'png' });
    expect(image.dataUrl.startsWith('data:image/png;base64,iVBOR')).toBe(true);
    const png = await app.call('card.save', { abhaNumber: patient.abhaNumber, format: 'png' });
    const pdf = await app.call('card.save', { abhaNumber: patient.abhaNumber, format: 'pdf' });
    expect(readFileSync(png.path!).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(pdf.path!).subarray(0, 5).toString()).toBe('%PDF-');
    for (const layout of ['a4', 'cr80'] as const) {
      const printed = await app.call('card.print', { abhaNumber: patient.abhaNumber, layout });
      expect(printed.printed).toBe(true);
      expect(existsSync(printed.savedTo!)).toBe(true);
    }
    const actions = (await app.call('audit.list', {})).map((e) => e.action).sort();
    expect(actions).toEqual(['abha.verified', 'card.printed', 'card.printed', 'card.saved', 'card.saved', 'card.viewed']);
    const entries = await app.call('audit.list', {});
    expect(entries.every((e) => e.operator === 'Meena (front desk)' && e.abhaNumber === patient.abhaNumber)).toBe(true);
  });

  it('asks to verify the patient again when there is no live user token', async () => {
    const error = await app.fail('card.image', { abhaNumber: '91-4820-1736-5529', format: 'png' });
    expect(error.code).toBe('VERIFY_AGAIN');
  });

  it('asks to verify again when ABDM no longer accepts the patient’s session, and keeps asking', async () => {
    await app.close();
    const clock = manualClock(Date.now());
    app = await startAppHarness({ clock });
    const { patient } = await verify();
    clock.advance(31 * 60_000);
    const rejected = await app.fail('card.image', { abhaNumber: patient.abhaNumber, format: 'png' });
    expect(rejected.code).toBe('VERIFY_AGAIN');
    expect(rejected.message).toMatch(/verify the patient again/i);
    const later = await app.fail('patient.profile', { abhaNumber: patient.abhaNumber });
    expect(later.code).toBe('VERIFY_AGAIN');
  });
});

describe('the ABDM sandbox or production instead of training', () => {
  async function pointAtAbdm(clientId: string) {
    await app.call('settings.update', { environment: 'abdm-sandbox' });
    await app.call('settings.update', { healthIdBaseUrl: app.sandbox.healthIdBaseUrl, gatewayBaseUrl: app.sandbox.gatewayBaseUrl, clientId });
  }

  it('says which credential is missing and leads to Settings, then works once both are given', async () => {
    await pointAtAbdm('');
    const start = { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true } as const;
    const noClientId = await app.fail('enrol.start', start);
    expect(noClientId.code).toBe('CLIENT_ID_MISSING');
    expect(noClientId.message).toMatch(/client ID is not set.*Settings/);

    await app.call('settings.update', { language: 'hi' });
    expect((await app.fail('enrol.start', start)).message).toContain('क्लाइंट आईडी');
    await app.call('settings.update', { language: 'en' });

    await app.call('settings.update', { clientId: app.sandbox.config.clientId });
    expect((await app.fail('enrol.start', start)).code).toBe('CLIENT_SECRET_MISSING');

    await app.call('secrets.setClientSecret', { clientSecret: app.sandbox.config.clientSecret });
    const sent = await app.call('enrol.start', start);
    expect(sent.sentTo).toBe('XXXX XXXX 0124');
  });
});
