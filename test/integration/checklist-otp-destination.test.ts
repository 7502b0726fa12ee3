// VRFY_ABHA_201: on Verify the clerk chooses where the OTP of an ABHA number or address goes — the mobile linked with
// the Aadhaar (otpSystem "aadhaar", scope aadhaar-verify) or the ABHA's own mobile ("abdm", mobile-verify,
// reference/spec/abdm-v3.md §2 items 5 and 7). The simulator's own transaction record says what it was asked for.
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../sandbox/index';
import { startAppHarness, type AppHarness } from '../support/app-harness';

const OTP = '123456';
let app: AppHarness | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** What the simulator received for the newest login transaction: its scope and OTP system. */
function lastLogin(harness: AppHarness): { scope: string[]; otpSystem: string; loginHint: string } {
  const txns = [...harness.sandbox.context.state.transactions.values()] as unknown as Array<{ flow?: string; scope: string[]; otpSystem: string; loginHint: string; createdAt: number }>;
  const logins = txns.filter((txn) => txn.flow === 'login');
  return logins.at(-1)!;
}

describe('where the Verify OTP goes (ABHA v3)', () => {
  it.each([
    ['91-4820-1736-5529', 'abha-mobile', ['abha-login', 'mobile-verify'], 'abdm', 'abha-mobile'],
    ['91-4820-1736-5529', 'aadhaar-mobile', ['abha-login', 'aadhaar-verify'], 'aadhaar', 'aadhaar-mobile'],
    ['91-4820-1736-5529', undefined, ['abha-login', 'aadhaar-verify'], 'aadhaar', 'aadhaar-mobile'],
    ['asha.verma@sbx', 'abha-mobile', ['abha-address-login', 'mobile-verify'], 'abdm', 'abha-mobile'],
    ['asha.verma@sbx', 'aadhaar-mobile', ['abha-address-login', 'aadhaar-verify'], 'aadhaar', 'aadhaar-mobile'],
  ] as const)('%s with otpTo %s asks ABDM for %j (%s) and opens the patient', async (abha, otpTo, scope, otpSystem, via) => {
    app = await startAppHarness({}, { api: 'v3' });
    const sent = await app.call('verify.start', { abha, ...(otpTo ? { otpTo } : {}) });
    expect(sent.via).toBe(via);
    expect(lastLogin(app)).toMatchObject({ scope, otpSystem });
    const outcome = await app.call('verify.confirm', { flowId: sent.flowId, otp: OTP });
    expect('patient' in outcome && outcome.patient).toMatchObject({ abhaNumber: '91-4820-1736-5529', name: 'Asha Devi Verma' });
  });

  it('a resend goes to the same mobile', async () => {
    const clock = manualClock(Date.now());
    app = await startAppHarness({ clock }, { api: 'v3', now: clock.now });
    const sent = await app.call('verify.start', { abha: '91-4820-1736-5529', otpTo: 'abha-mobile' });
    const first = lastLogin(app);
    clock.advance(61_000);
    const again = await app.call('verify.resendOtp', { flowId: sent.flowId });
    expect(again.via).toBe('abha-mobile');
    expect(lastLogin(app)).not.toBe(first);
    expect(lastLogin(app)).toMatchObject({ scope: ['abha-login', 'mobile-verify'], otpSystem: 'abdm' });
  });

  it('a typed mobile cannot send its OTP to the Aadhaar’s mobile: the field is named, nothing is sent', async () => {
    app = await startAppHarness({}, { api: 'v3' });
    const before = app.sandbox.context.state.transactions.size;
    const failure = await app.fail('verify.start', { abha: '9812345670', otpTo: 'aadhaar-mobile' });
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields).toEqual([{ path: 'otpTo', code: 'not-allowed', params: {} }]);
    expect(app.sandbox.context.state.transactions.size).toBe(before);
  });

  it('an unknown destination is refused by the contract', async () => {
    app = await startAppHarness({}, { api: 'v3' });
    const failure = await app.fail('verify.start', { abha: 'asha.verma@sbx', otpTo: 'email' as never });
    expect(failure.code).toBe('INVALID_INPUT');
    expect(failure.fields?.[0]?.path).toBe('otpTo');
  });
});

describe('on Health ID v1', () => {
  it('the ABHA’s own mobile is refused with the reason, before anything is sent; the Aadhaar’s works as before', async () => {
    app = await startAppHarness({}, { api: 'v1' });
    const failure = await app.fail('verify.start', { abha: 'asha.verma@sbx', otpTo: 'abha-mobile' });
    expect(failure).toMatchObject({ code: 'NOT_ON_THIS_API', params: { reason: 'otp-to-abha-mobile' } });
    expect(failure.message).toContain('Aadhaar-linked mobile');
    const sent = await app.call('verify.start', { abha: 'asha.verma@sbx', otpTo: 'aadhaar-mobile' });
    expect(sent.via).toBe('aadhaar-mobile');
  });
});
