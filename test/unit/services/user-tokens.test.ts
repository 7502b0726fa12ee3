import { describe, expect, it } from 'vitest';
import { UserTokens } from '../../../electron/services/abha/user-tokens';
import { Flows } from '../../../electron/services/abha/flows';
import { checkResendAllowed } from '../../../electron/services/abha/otp-timer';
import { AppFailure } from '../../../electron/shared/errors';
import { words } from '../../support/desk-words';

describe('user tokens', () => {
  it('hands out the token while it lasts, then asks to verify the patient again', () => {
    let now = 0;
    const tokens = new UserTokens(() => now);
    tokens.remember('91-4820-1736-5529', { token: 'x-token', expiresIn: 1800, api: 'v1' });
    expect(tokens.require('91-4820-1736-5529', 'v1').token).toBe('x-token');
    now = 29 * 60_000;
    expect(tokens.require('91-4820-1736-5529', 'v1').token).toBe('x-token');
    now = 30 * 60_000;
    expect(() => tokens.require('91-4820-1736-5529', 'v1')).toThrow(expect.objectContaining({ code: 'VERIFY_AGAIN' }));
  });

  it('does not offer a token to the other API generation: ABDM issued it for one of them only', () => {
    const tokens = new UserTokens(() => 0);
    tokens.remember('91-4820-1736-5529', { token: 'v1-token', api: 'v1' });
    expect(() => tokens.require('91-4820-1736-5529', 'v3')).toThrow(expect.objectContaining({ code: 'VERIFY_AGAIN' }));
  });

  it('keeps an expired ABHA v3 token that came with a refresh token, so it can be renewed without an OTP', () => {
    let now = 0;
    const tokens = new UserTokens(() => now);
    tokens.remember('91-4820-1736-5529', { token: 'x-token', expiresIn: 1800, refreshToken: 'r-token', api: 'v3' });
    now = 31 * 60_000;
    expect(tokens.require('91-4820-1736-5529', 'v3')).toMatchObject({ token: 'x-token', refreshToken: 'r-token' });
  });

  it('asks for verification by code, which the desk words in Hindi when the operator uses Hindi', () => {
    const tokens = new UserTokens();
    let failure: unknown;
    try {
      tokens.require('91-0000-0000-0000', 'v3');
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AppFailure);
    expect(words((failure as AppFailure).toAppError(), 'hi').message).toMatch(/सत्यापित/);
  });
});

describe('flows', () => {
  it('forgets a flow after 30 minutes and says to start again', () => {
    let now = 0;
    const flows = new Flows<{ step: string }>(() => now);
    const id = flows.open({ step: 'aadhaar-otp' });
    expect(flows.get(id).step).toBe('aadhaar-otp');
    now = 31 * 60_000;
    expect(() => flows.get(id)).toThrow(expect.objectContaining({ code: 'FLOW_EXPIRED' }));
  });
});

describe('OTP resend rules', () => {
  it('allows a resend only after 60 seconds, twice at most', () => {
    expect(() => checkResendAllowed({ sentAt: 0, resends: 0 }, 59_000)).toThrow(expect.objectContaining({ code: 'RESEND_TOO_SOON', params: { seconds: 1 } }));
    expect(() => checkResendAllowed({ sentAt: 0, resends: 0 }, 60_000)).not.toThrow();
    expect(() => checkResendAllowed({ sentAt: 0, resends: 2 }, 600_000)).toThrow(expect.objectContaining({ code: 'RESEND_LIMIT' }));
  });
});
