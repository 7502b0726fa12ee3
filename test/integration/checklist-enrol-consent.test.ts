// CRT_ABHA_102 through the app core: the page names the consent wording it showed and the language it was read in;
// the audit keeps both (never the Aadhaar number); a page showing an outdated wording is refused before anything is
// recorded or sent.
import { afterEach, describe, expect, it } from 'vitest';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { startAppHarness, type AppHarness } from '../support/app-harness';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const consentsIn = async (harness: AppHarness) => (await harness.call('audit.list', {})).filter((entry) => entry.action === 'enrolment.consent');

describe('the consent read at Enrol', () => {
  it('keeps the version and the language read (English read on a Hindi desk), with the operator who read it', async () => {
    app = await startAppHarness({}, { api: 'v3' });
    await app.call('settings.update', { language: 'hi' });
    await app.call('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true, consentVersion: '2', consentLanguage: 'en' });
    const [consent, ...more] = await consentsIn(app);
    expect(more).toEqual([]);
    expect(consent!.operator).toBe('Meena (front desk)');
    expect(JSON.parse(consent!.detail!)).toEqual({ maskedAadhaar: 'XXXX XXXX 0124', textVersion: '2', language: 'en' });
    expect(JSON.stringify(consent)).not.toContain(TRAINING_IDENTITIES.newResident.aadhaar);
  });

  it('refuses a wording that is not the current one, naming the field; nothing is recorded or sent', async () => {
    app = await startAppHarness({}, { api: 'v3' });
    const transactions = app.sandbox.context.state.transactions.size;
    const failure = await app.fail('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true, consentVersion: '1', consentLanguage: 'hi' });
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields).toEqual([{ path: 'consentVersion', code: 'not-allowed', params: {} }]);
    expect(await consentsIn(app)).toEqual([]);
    expect(app.sandbox.context.state.transactions.size).toBe(transactions);
  });

  it('a language the consent has no words for is refused by the contract', async () => {
    app = await startAppHarness({}, { api: 'v3' });
    const failure = await app.fail('enrol.start', { aadhaar: TRAINING_IDENTITIES.newResident.aadhaar, patientConsented: true, consentLanguage: 'ta' as never });
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields?.[0]?.path).toBe('consentLanguage');
  });
});
