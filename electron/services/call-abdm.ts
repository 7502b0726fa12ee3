// Every ABDM call from a service goes through here, so every ABDM failure reaches the screen the same way:
// a plain message in the operator's language, with ABDM's own code kept beside it.
import { AbdmBadResponseError, AbdmError, AbdmInputError, AbdmUnreachableError, UserTokenExpiredError } from '../abdm/errors';
import { explainAbdmError } from '../abdm/messages';
import { AppFailure } from '../ipc/result';
import { say, type Language } from './messages';

export async function callAbdm<T>(lang: Language, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppFailure(error, lang);
  }
}

/** The error codes a screen sees for each kind of ABDM failure. */
export function toAppFailure(error: unknown, lang: Language): unknown {
  // Checked first: it is also an AbdmError, but the operator's next step is different.
  if (error instanceof UserTokenExpiredError) return new AppFailure('VERIFY_AGAIN', say('verifyAgain', lang), error.specificCode);
  const code = abdmFailureCode(error);
  if (!code) return error;
  const { message, abdmCode } = explainAbdmError(error, lang);
  return new AppFailure(code, error instanceof AbdmInputError ? `${error.field}: ${message}` : message, abdmCode);
}

function abdmFailureCode(error: unknown): string | null {
  if (error instanceof AbdmError || error instanceof AbdmBadResponseError) return 'ABDM_ERROR';
  if (error instanceof AbdmUnreachableError) return 'ABDM_UNREACHABLE';
  if (error instanceof AbdmInputError) return 'INVALID_INPUT';
  return null;
}
