// The v3 verify wire with a stand-in ABHA client: an ABHA address whose account ABDM offers no OTP of the chosen
// kind is refused with OTP_DESTINATION_UNAVAILABLE (naming the choice) before any OTP is asked for.
import { describe, expect, it } from 'vitest';
import type { AbhaV3Client } from '../../../electron/abdm/abha-v3/types';
import { AppFailure } from '../../../electron/shared/errors';
import { verifyOnV3 } from '../../../electron/services/verify/verify-v3';
import type { Verification } from '../../../electron/services/verify/verify-wire';

function clientOffering(authMethods: string[], blocked: string[] = []) {
  const asked: string[] = [];
  const client = {
    addressSearch: async () => ({ healthIdNumber: '91-1111-2222-3333', authMethods, blockedAuthMethods: blocked, status: 'ACTIVE', fullName: 'X', mobile: null }),
    addressRequestOtp: async (input: { otpSystem: string }) => (asked.push(input.otpSystem), { txnId: 'txn-1' }),
  } as unknown as AbhaV3Client;
  return { client, asked };
}

const verification = (otpTo?: 'aadhaar-mobile' | 'abha-mobile'): Verification => ({
  api: 'v3',
  txnId: '',
  identifier: { kind: 'address', value: 'ravi@sbx' },
  ...(otpTo ? { otpTo } : {}),
  otpSystem: 'aadhaar',
  otp: { sentAt: 0, resends: 0 },
  attempts: { wrong: 0, lockedUntil: null } as unknown as Verification['attempts'],
  choice: null,
});

describe('an ABHA address and the chosen OTP destination', () => {
  it('no mobile on the ABHA: the ABHA’s mobile is refused, naming it; nothing is asked', async () => {
    const { client, asked } = clientOffering(['AADHAAR_OTP']);
    const error = await verifyOnV3(client).sendOtp(verification('abha-mobile')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppFailure);
    expect(error).toMatchObject({ code: 'OTP_DESTINATION_UNAVAILABLE', params: { via: 'abha-mobile' } });
    expect(asked).toEqual([]);
  });

  it('Aadhaar OTP blocked for the account: the Aadhaar’s mobile is refused', async () => {
    const { client, asked } = clientOffering(['AADHAAR_OTP', 'MOBILE_OTP'], ['AADHAAR_OTP']);
    await expect(verifyOnV3(client).sendOtp(verification('aadhaar-mobile'))).rejects.toMatchObject({ code: 'OTP_DESTINATION_UNAVAILABLE', params: { via: 'aadhaar-mobile' } });
    expect(asked).toEqual([]);
  });

  it('no choice: the Aadhaar’s where offered, else the ABHA’s (as before)', async () => {
    const both = clientOffering(['AADHAAR_OTP', 'MOBILE_OTP']);
    await verifyOnV3(both.client).sendOtp(verification());
    const mobileOnly = clientOffering(['MOBILE_OTP']);
    await verifyOnV3(mobileOnly.client).sendOtp(verification());
    expect([...both.asked, ...mobileOnly.asked]).toEqual(['aadhaar', 'abdm']);
  });
});
