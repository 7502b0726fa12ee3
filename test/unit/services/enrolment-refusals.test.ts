// ABDM's refusals at an enrolment step that the desk words on their own. The codes are the notes': Health ID v1's
// HIS-3005 "Aadhaar number does not have a mobile number." (reference/spec/healthid-v1.md §3.4, §5.2); ABHA v3's
// catch-all ABDM-9999, whose faults come as 500 and rate limits as 429 (abdm-v3.md §2, docs/sandbox-abha-v3.md §5).
import { describe, expect, it } from 'vitest';
import { AbdmError } from '../../../electron/abdm/errors';
import { AppFailure } from '../../../electron/shared/errors';
import { recognising, V1_AADHAAR_OTP_REFUSALS, V3_AADHAAR_OTP_REFUSALS } from '../../../electron/services/enrolment/enrolment-refusals';

const v3Refusal = (status: number) =>
  new AbdmError({ status, code: 'ABDM-9999', detailCode: 'ABDM-9999', message: 'refused', service: 'abha', operation: 'enrolRequestAadhaarOtp' });

async function outcome(error: unknown, means = V3_AADHAAR_OTP_REFUSALS): Promise<unknown> {
  return recognising(() => Promise.reject(error), means).catch((thrown: unknown) => thrown);
}

describe('an Aadhaar with no linked mobile', () => {
  it('is v1’s HIS-3005, with the code kept', async () => {
    const his3005 = new AbdmError({ status: 422, code: 'HIS-400', detailCode: 'HIS-3005', message: 'Aadhaar number does not have a mobile number.', service: 'healthid', operation: 'generateAadhaarOtp' });
    const thrown = await outcome(his3005, V1_AADHAAR_OTP_REFUSALS);
    expect(thrown).toBeInstanceOf(AppFailure);
    expect((thrown as AppFailure).toAppError()).toEqual({ code: 'AADHAAR_NO_MOBILE', abdmCode: 'HIS-3005' });
  });

  it('is v3’s 422 ABDM-9999 to the Aadhaar OTP request, with the code kept', async () => {
    const thrown = await outcome(v3Refusal(422));
    expect((thrown as AppFailure).toAppError()).toEqual({ code: 'AADHAAR_NO_MOBILE', abdmCode: 'ABDM-9999' });
  });

  it('is not a v3 fault (500) or rate limit (429) with the same catch-all code: those pass on as they came', async () => {
    for (const status of [500, 429]) {
      const refusal = v3Refusal(status);
      expect(await outcome(refusal)).toBe(refusal);
    }
  });

  it('leaves an answer that is not a refusal, and a success, alone', async () => {
    const network = new Error('socket hang up');
    expect(await outcome(network)).toBe(network);
    await expect(recognising(() => Promise.resolve('txn-1'), V3_AADHAAR_OTP_REFUSALS)).resolves.toBe('txn-1');
  });
});
