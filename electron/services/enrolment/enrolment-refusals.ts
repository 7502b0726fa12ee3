// ABDM refusals that mean one thing at one enrolment step, told apart by the request and the answer together.
// Health ID v1 has a code of its own for each (reference/spec/healthid-v1.md §5.2). ABHA v3 answers an Aadhaar
// without a linked mobile with its catch-all ABDM-9999 (abdm-v3.md §2 "Errors" has no code for it), so there only
// the step that asked tells it from a fault: the Aadhaar OTP request refused with 422 (docs/decisions.md).
import { AbdmError } from '../../abdm/errors';
import { AppFailure, type ErrorCode } from '../../shared/errors';

/** Which app code a refusal of this step means, or undefined for any other refusal. */
export type RefusalMeaning = (refusal: AbdmError) => ErrorCode | undefined;

/** Runs one enrolment request; a refusal `means` recognises becomes that code, keeping ABDM's own code. */
export async function recognising<T>(request: () => Promise<T>, means: RefusalMeaning): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const code = error instanceof AbdmError ? means(error) : undefined;
    if (code && error instanceof AbdmError) throw new AppFailure(code, { abdmCode: error.specificCode }, { cause: error });
    throw error;
  }
}

/** Health ID v1's generateOtp: HIS-3005 "Aadhaar number does not have a mobile number." */
export const V1_AADHAAR_OTP_REFUSALS: RefusalMeaning = (refusal) => (refusal.specificCode === 'HIS-3005' ? 'AADHAAR_NO_MOBILE' : undefined);

/** ABHA v3's enrolment OTP request for an Aadhaar: a 422 with the catch-all code is the Aadhaar without a mobile. */
export const V3_AADHAAR_OTP_REFUSALS: RefusalMeaning = (refusal) =>
  refusal.status === 422 && refusal.specificCode === 'ABDM-9999' ? 'AADHAAR_NO_MOBILE' : undefined;

/** Health ID v1's createHealthIdWithPreVerified: HIS-1015 "A Health ID already exists with these details". */
export const V1_ADDRESS_REFUSALS: RefusalMeaning = (refusal) => (refusal.specificCode === 'HIS-1015' ? 'ABHA_ADDRESS_TAKEN' : undefined);

/** ABHA v3's enrol/abha-address: ABDM-1101 "already exists" is the address taken. */
export const V3_ADDRESS_REFUSALS: RefusalMeaning = (refusal) => (refusal.specificCode === 'ABDM-1101' ? 'ABHA_ADDRESS_TAKEN' : undefined);
