import { describe, expect, it } from 'vitest';
import { UserTokens } from '../../../electron/services/user-tokens';
import { Flows } from '../../../electron/services/flows';
import { checkResendAllowed } from '../../../electron/services/otp-timer';

describe('user tokens', () => {
  it('hands out the token while it lasts, then asks to verify the patient again', () => {
    let now = 0;
    const tokens = new UserTokens(() => now);
    tokens.remember('91-4820-1736-5529', 'x-token', 1800);
    expect(tokens.require('91-4820-1736-5529', 'en')).toBe('x-token');
    now = 29 * 60_000;
    expect(tokens.require('91-4820-1736-5529', 'en')).toBe('x-token');
    now = 30 * 60_000;
    expect(() => tokens.require('91-4820-1736-5529', 'en')).toThrow(expect.objectContaining({ code: 'VERIFY_AGAIN' }));
  });

  it('speaks Hindi when the operator uses Hindi', () => {
    const tokens = new UserTokens();
    expect(() => tokens.require('91-0000-0000-0000', 'hi')).toThrow(/सत्यापित/);
  });
});

describe('flows', () => {
  it('forgets a flow after 30 minutes and says to start again', () => {
    let now = 0;
    const flows = new Flows<{ step: string }>(() => now);
    const id = flows.open({ step: 'aadhaar-otp' });
    expect(flows.get(id, 'en').step).toBe('aadhaar-otp');
    now = 31 * 60_000;
    expect(() => flows.get(id, 'en')).toThrow(expect.objectContaining({ code: 'FLOW_EXPIRED' }));
  });
});

describe('OTP resend rules', () => {
  it('allows a resend only after 60 seconds, twice at most', () => {
    expect(() => checkResendAllowed({ sentAt: 0, resends: 0 }, 59_000, 'en')).toThrow(expect.objectContaining({ code: 'RESEND_TOO_SOON' }));
    expect(() => checkResendAllowed({ sentAt: 0, resends: 0 }, 60_000, 'en')).not.toThrow();
    expect(() => checkResendAllowed({ sentAt: 0, resends: 2 }, 600_000, 'en')).toThrow(expect.objectContaining({ code: 'RESEND_LIMIT' }));
  });
});
