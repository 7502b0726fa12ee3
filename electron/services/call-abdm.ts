// Every ABDM call from a service goes through here, so every ABDM failure reaches the screen the same way:
// a plain message in the operator's language, with ABDM's own code kept beside it.
import { AbdmError, AbdmUnreachableError } from '../abdm/errors';
import { explainAbdmError } from '../abdm/messages';
import { AppFailure } from '../ipc/result';
import type { Language } from './messages';

export async function callAbdm<T>(lang: Language, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppFailure(error, lang);
  }
}

export function toAppFailure(error: unknown, lang: Language): unknown {
  if (error instanceof AbdmError || error instanceof AbdmUnreachableError) {
    const { message, abdmCode } = explainAbdmError(error, lang);
    return new AppFailure(error instanceof AbdmError ? 'ABDM_ERROR' : 'ABDM_UNREACHABLE', message, abdmCode);
  }
  return error;
}
