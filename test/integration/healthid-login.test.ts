// Verifying an existing ABHA against the embedded sandbox: auth/init → [resendAuthOTP] → confirmWithAadhaarOtp.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AbdmError } from '../../electron/abdm/errors';
import { AbdmInputError } from '../../electron/abdm/errors';
import { explainAbdmError } from '../support/desk-words';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { rejectionOf, SECOND, startHarness, type Harness } from './healthid-harness';

let harness: Harness;
afterEach(async () => harness?.close());

const OTP = '123456';
const asha = TRAINING_IDENTITIES.existingAbha.existingAbha;

describe('login with Aadhaar OTP', () => {
  it.each([
    ['ABHA address', asha.healthId],
    ['hyphenated ABHA number', asha.healthIdNumber],
    ['ABHA number without hyphens', asha.healthIdNumber.replaceAll('-', '')],
  ])('by %s gives a user token that opens the profile', async (_how, healthid) => {
    harness = await startHarness();
    const { txnId } = await harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid });
    const jwt = await harness.healthId.confirmWithAadhaarOtp({ otp: OTP, txnId });
    expect(jwt).toMatchObject({ token: expect.any(String) as string, expiresIn: 1800, refreshToken: expect.any(String) as string });
    await expect(harness.healthId.profile(jwt.token)).resolves.toMatchObject({ healthIdNumber: asha.healthIdNumber, healthId: asha.healthId });
  });

  it('an unknown ABHA → HIS-1008', async () => {
    harness = await startHarness();
    const error = await rejectionOf(harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: 'nobody.here@sbx' }));
    expect(error).toMatchObject({ status: 422, detailCode: 'HIS-1008' });
    expect(explainAbdmError(error, 'en')).toMatchObject({ abdmCode: 'HIS-1008', message: expect.stringContaining('No ABHA was found') as string });
  });

  it('a login method the sandbox does not offer → HIS-422 with a reason', async () => {
    harness = await startHarness();
    const error = await rejectionOf(harness.healthId.authInit({ authMethod: 'MOBILE_OTP', healthid: asha.healthId }));
    expect(error).toMatchObject({ status: 422, code: 'HIS-422', detailCode: 'HIS-422', message: expect.stringContaining('MOBILE_OTP') as string });
  });

  it('a malformed ABHA number is stopped at the desk', async () => {
    harness = await startHarness();
    await expect(harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: '91-4820-1736' })).rejects.toBeInstanceOf(AbdmInputError);
    expect(harness.requests).toEqual([]);
  });

  it('a wrong OTP → HIS-2022; five of them → HIS-1039', async () => {
    harness = await startHarness();
    const { txnId } = await harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId });
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push(((await rejectionOf(harness.healthId.confirmWithAadhaarOtp({ otp: '999999', txnId }))) as AbdmError).detailCode);
    }
    expect(codes).toEqual(['HIS-2022', 'HIS-2022', 'HIS-2022', 'HIS-2022', 'HIS-1039']);
  });

  it('an unknown, expired or already used txnId → HIS-1026', async () => {
    harness = await startHarness();
    await expect(harness.healthId.confirmWithAadhaarOtp({ otp: OTP, txnId: randomUUID() })).rejects.toMatchObject({ detailCode: 'HIS-1026' });

    const used = await harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId });
    await harness.healthId.confirmWithAadhaarOtp({ otp: OTP, txnId: used.txnId });
    await expect(harness.healthId.confirmWithAadhaarOtp({ otp: OTP, txnId: used.txnId })).rejects.toMatchObject({ detailCode: 'HIS-1026' });

    const old = await harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId });
    harness.clock.advance(1801 * SECOND);
    await expect(harness.healthId.confirmWithAadhaarOtp({ otp: OTP, txnId: old.txnId })).rejects.toMatchObject({ detailCode: 'HIS-1026' });
  });

  it('a registration txnId used for login → HIS-1026', async () => {
    harness = await startHarness();
    const { txnId } = await harness.healthId.generateAadhaarOtp({ aadhaar: TRAINING_IDENTITIES.newResident.aadhaar });
    await expect(harness.healthId.confirmWithAadhaarOtp({ otp: OTP, txnId })).rejects.toMatchObject({ detailCode: 'HIS-1026' });
    await expect(harness.healthId.resendAuthOtp({ txnId })).rejects.toMatchObject({ detailCode: 'HIS-1026' });
  });
});

describe('resending the login OTP', () => {
  it('too soon → HIS-1023; after 60 s → true; past the send limit → HIS-2017', async () => {
    harness = await startHarness();
    const { txnId } = await harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId });

    const tooSoon = await rejectionOf(harness.healthId.resendAuthOtp({ txnId, authMethod: 'AADHAAR_OTP' }));
    expect(tooSoon).toMatchObject({ status: 422, detailCode: 'HIS-1023' });

    harness.clock.advance(60 * SECOND);
    await expect(harness.healthId.resendAuthOtp({ txnId })).resolves.toBe(true);
    harness.clock.advance(60 * SECOND);
    await expect(harness.healthId.resendAuthOtp({ txnId })).resolves.toBe(true);
    harness.clock.advance(60 * SECOND);
    const tooMany = await rejectionOf(harness.healthId.resendAuthOtp({ txnId }));
    expect(tooMany).toMatchObject({ status: 422, detailCode: 'HIS-2017' });
    expect(explainAbdmError(tooMany, 'en').message).toMatch(/30 minutes/);

    // The OTP of the transaction still confirms it.
    await expect(harness.healthId.confirmWithAadhaarOtp({ otp: OTP, txnId })).resolves.toMatchObject({ token: expect.any(String) as string });
  });

  it('a resent OTP is valid for a fresh period', async () => {
    harness = await startHarness();
    const { txnId } = await harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId });
    harness.clock.advance(500 * SECOND);
    await harness.healthId.resendAuthOtp({ txnId });
    harness.clock.advance(500 * SECOND);
    await expect(harness.healthId.confirmWithAadhaarOtp({ otp: OTP, txnId })).resolves.toMatchObject({ token: expect.any(String) as string });
  });
});
