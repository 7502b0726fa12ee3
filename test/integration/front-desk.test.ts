// The front-desk slice end to end through the IPC handlers: enrol, verify, profile, card, save, print, audit —
// on both ABDM API generations (Settings' "ABDM API"), with the same calls the screens make.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ABDM_APIS, type AbdmApi } from '../../electron/store/settings/settings-schema';
import { manualClock, TRAINING_IDENTITIES } from '../../sandbox/index';
import { startAppHarness, type AppHarness } from '../support/app-harness';

const OTP = '123456';
/** A mobile no training identity has linked to Aadhaar, so it always needs its own OTP. */
const OTHER_MOBILE = '9000000017';

/** What each generation calls a wrong OTP and an unknown ABHA (reference/spec/healthid-v1.md §5.2, abdm-v3.md §2). */
const CODES: Record<AbdmApi, { wrongOtp: RegExp; noSuchAbha: RegExp }> = {
  v1: { wrongOtp: /^HIS-\d+/, noSuchAbha: /^HIS-1008$/ },
  v3: { wrongOtp: /^ABDM-\d+/, noSuchAbha: /^ABDM-(1114|1211)$/ },
};

describe.each(ABDM_APIS)('on ABDM API %s', (api) => {
let app: AppHarness;

beforeEach(async () => {
  app = await startAppHarness({}, { api });
});
afterEach(async () => app.close());

/** Through the enrolment steps as the screen goes: whatever ABDM says is next, until the account. */
async function enrol(aadhaar: string, options: { mobile?: string; abhaAddress?: string } = {}) {
  const sent = await app.call('enrol.start', { aadhaar, patientConsented: true });
  let next = await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: options.mobile ?? OTHER_MOBILE });
  const seen: string[] = [next.next];
  if (next.next === 'mobile-otp') {
    next = await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP });
    seen.push(next.next);
  }
  if (next.next === 'done') return { ...next.result, seen };
  const created = await app.call('enrol.create', { flowId: sent.flowId, ...(options.abhaAddress ? { abhaAddress: options.abhaAddress } : {}) });
  return { ...created, seen };
}

describe('enrolment', () => {
  it('creates an ABHA and shows where the OTP went, masked', async () => {
    const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true });
    expect(sent.sentTo).toBe('XXXX XXXX 0124');
    expect(sent.resendAfterSeconds).toBe(60);
    const afterAadhaar = await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: OTHER_MOBILE });
    expect(afterAadhaar).toMatchObject({ next: 'mobile-otp', sent: { sentTo: 'XXXXXX0017' } });
    const afterMobile = await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP });
    expect(afterMobile.next).toBe('address');
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
    expect(JSON.parse(consent!.detail!)).toEqual({ maskedAadhaar: 'XXXX XXXX 0124', textVersion: '2', language: 'hi' });
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
    expect(created.patient.name).toBe('Asha Devi Verma');
    // ABHA v3 finds the account with the Aadhaar OTP itself and the desk shows it at once; v1 finds it at the end.
    expect(created.seen[0]).toBe(api === 'v3' ? 'done' : 'mobile-otp');
  });

  it('asks for a mobile OTP only where the generation needs one: v3 skips it for the Aadhaar-linked mobile', async () => {
    const created = await enrol(TRAINING_IDENTITIES.newResident.aadhaar, { mobile: TRAINING_IDENTITIES.newResident.aadhaarMobile });
    expect(created.isNew).toBe(true);
    expect(created.seen).toEqual(api === 'v3' ? ['address'] : ['mobile-otp', 'address']);
    expect(created.patient.mobile).toContain('0001');
  });

  it('offers ABHA addresses to choose from on v3, and creates the account with the one chosen', async () => {
    const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.secondResident.aadhaar, patientConsented: true });
    const next = await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: TRAINING_IDENTITIES.secondResident.aadhaarMobile! });
    const address = next.next === 'mobile-otp' ? await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP }) : next;
    if (address.next !== 'address') throw new Error(`expected the address step, got ${address.next}`);
    expect(address.takesEmail).toBe(api === 'v1');
    if (api === 'v1') return expect(address.suggestions).toEqual([]);
    expect(address.suggestions.length).toBeGreaterThan(0);
    const chosen = address.suggestions[0]!;
    const created = await app.call('enrol.create', { flowId: sent.flowId, abhaAddress: chosen });
    expect(created.patient.abhaAddress.replace(/@sbx$/, '')).toBe(chosen.replace(/@sbx$/, ''));
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

  it('maps a wrong OTP to a plain message with the tries left and keeps ABDM’s code, and the flow goes on', async () => {
    const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true });
    const wrong = await app.fail('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: '000000', mobile: OTHER_MOBILE });
    expect(wrong.code).toBe('OTP_WRONG');
    expect(wrong.abdmCode).toMatch(CODES[api].wrongOtp);
    // The simulator allows 5 wrong OTPs (sandbox/config.ts otpMaxFailedAttempts).
    expect(wrong.message).toMatch(/^Wrong OTP\. 4 tries left\./);
    await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: OTHER_MOBILE });
  });

  it('says an Aadhaar with no linked mobile must get one first, keeping ABDM’s code (v1 HIS-3005, v3 a 422 ABDM-9999)', async () => {
    const refused = await app.fail('enrol.start', { aadhaar: TRAINING_IDENTITIES.noMobile.aadhaar, patientConsented: true });
    expect(refused.code).toBe('AADHAAR_NO_MOBILE');
    expect(refused.abdmCode).toBe(api === 'v1' ? 'HIS-3005' : 'ABDM-9999');
    expect(refused.message).toContain('the patient must first link a mobile number to their Aadhaar');
    expect(refused.message).not.toMatch(/unexpected problem/);
  });

  it('says a taken ABHA address belongs to someone else and that the enrolment is not finished', async () => {
    const priya = TRAINING_IDENTITIES.secondResident;
    const sent = await app.call('enrol.start', { aadhaar: priya.aadhaar, patientConsented: true });
    let next = await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: priya.aadhaarMobile });
    if (next.next === 'mobile-otp') next = await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: OTP });
    const taken = await app.fail('enrol.create', { flowId: sent.flowId, abhaAddress: 'asha.verma' });
    expect(taken.code).toBe('ABHA_ADDRESS_TAKEN');
    expect(taken.abdmCode).toBe(api === 'v1' ? 'HIS-1015' : 'ABDM-1101');
    expect(taken.message).toContain('the enrolment is not finished');
    const created = await app.call('enrol.create', { flowId: sent.flowId, abhaAddress: 'priya.reddy99' });
    expect(created.patient.abhaAddress).toBe('priya.reddy99@sbx');
  });

  it('refuses a step out of order', async () => {
    const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.secondResident.aadhaar, patientConsented: true });
    const early = await app.fail('enrol.create', { flowId: sent.flowId });
    expect(early.code).toBe('WRONG_STEP');
  });
});

describe('verify an existing ABHA, then the card', () => {
  async function verify(abha = 'asha.verma@sbx') {
    const sent = await app.call('verify.start', { abha });
    const outcome = await app.call('verify.confirm', { flowId: sent.flowId, otp: OTP });
    if (!('patient' in outcome)) throw new Error('expected the patient, got a choice');
    return outcome;
  }

  it.each(['asha.verma@sbx', '91-4820-1736-5529', '91 4820 1736 5529'])('verifies by %s and shows the profile', async (abha) => {
    const { patient } = await verify(abha);
    expect(patient).toMatchObject({ abhaNumber: '91-4820-1736-5529', name: 'Asha Devi Verma', gender: 'F', dateOfBirth: '14/7/1988' });
    const profile = await app.call('patient.profile', { abhaNumber: patient.abhaNumber });
    expect(profile.abhaAddress).toBe('asha.verma@sbx');
  });

  it('verifies by mobile on v3, and says plainly that v1 cannot', async () => {
    const mobile = TRAINING_IDENTITIES.existingAbha.aadhaarMobile;
    if (api === 'v1') {
      const refused = await app.fail('verify.start', { abha: mobile });
      expect(refused.code).toBe('NOT_ON_THIS_API');
      // The desk is already on the older API: the way on is the ABHA number or address, not another API.
      expect(refused.message).toContain('older ABDM API, which has no request to find an ABHA by mobile number');
      expect(refused.message).toContain('ABHA number or ABHA address');
      expect(refused.message).not.toContain('choose the older ABDM API');
      return;
    }
    const sent = await app.call('verify.start', { abha: mobile });
    expect(sent.sentTo).toBe('XXXXXX5670');
    const outcome = await app.call('verify.confirm', { flowId: sent.flowId, otp: OTP });
    const patient = 'patient' in outcome ? outcome.patient : (await app.call('verify.choose', { flowId: sent.flowId, abhaNumber: '91-4820-1736-5529' })).patient;
    expect(patient).toMatchObject({ abhaNumber: '91-4820-1736-5529', name: 'Asha Devi Verma' });
  });

  it('says when an ABHA does not exist', async () => {
    const error = await app.fail('verify.start', { abha: '91-0000-0000-0006' });
    expect(error.abdmCode).toMatch(CODES[api].noSuchAbha);
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
    // One clock for both: ABHA v3 refuses a TIMESTAMP far from its own time.
    app = await startAppHarness({ clock }, { api, now: clock.now });
    const { patient } = await verify();
    clock.advance(31 * 60_000);
    if (api === 'v3') {
      // ABHA v3 gave a refresh token with the login: the desk renews the session without another OTP…
      expect((await app.call('card.image', { abhaNumber: patient.abhaNumber, format: 'png' })).mimeType).toBe('image/png');
      // …until that runs out too (the sandbox's refresh tokens last a day, sandbox/config.ts).
      clock.advance(25 * 3600_000);
    }
    const rejected = await app.fail('card.image', { abhaNumber: patient.abhaNumber, format: 'png' });
    expect(rejected.code).toBe('VERIFY_AGAIN');
    expect(rejected.message).toMatch(/verify the patient again/i);
    const later = await app.fail('patient.profile', { abhaNumber: patient.abhaNumber });
    expect(later.code).toBe('VERIFY_AGAIN');
  });
});

describe('the ABDM sandbox or production instead of training', () => {
  async function pointAtAbdm(clientId: string) {
    await app.call('settings.update', { environment: 'abdm-sandbox', abdmApi: api });
    const { healthIdBaseUrl, gatewayBaseUrl, abhaV3BaseUrl, hiecmBaseUrl } = app.sandbox;
    await app.call('settings.update', { healthIdBaseUrl, gatewayBaseUrl, abhaV3BaseUrl, hiecmBaseUrl, clientId });
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
});

describe('switching the ABDM API in Settings', () => {
  it('ends an enrolment in progress with a plain message, and the next one runs on the new API', async () => {
    const app = await startAppHarness({}, { api: 'v1' });
    try {
      const sent = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true });
      await app.call('settings.update', { abdmApi: 'v3' });
      const ended = await app.fail('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: OTP, mobile: OTHER_MOBILE });
      expect(ended.code).toBe('API_CHANGED');
      expect(ended.message).toMatch(/ABDM API was changed in Settings.*Start again/);
      // The flow is gone, not merely refused once.
      expect((await app.fail('enrol.resendAadhaarOtp', { flowId: sent.flowId })).code).toBe('FLOW_EXPIRED');
      const again = await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true });
      const next = await app.call('enrol.verifyAadhaarOtp', { flowId: again.flowId, otp: OTP, mobile: TRAINING_IDENTITIES.newResident.aadhaarMobile });
      // Straight to the address: only ABHA v3 skips the OTP for the Aadhaar-linked mobile.
      expect(next.next).toBe('address');
    } finally {
      await app.close();
    }
  });
});
