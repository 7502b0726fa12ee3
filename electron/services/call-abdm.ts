// Every ABDM call from a service goes through here, so every ABDM failure reaches the screen the same way:
// a plain message in the operator's language, with ABDM's own code kept beside it.
import { AbdmBadResponseError, AbdmError, AbdmInputError, AbdmUnreachableError, UserTokenExpiredError } from '../abdm/errors';
import { explainAbdmError } from '../abdm/messages';
import { AppFailure } from '../ipc/result';
import type { HealthIdClient } from '../abdm/healthid';
import type { AuditLog } from './audit';
import { say, type Language } from './messages';
import type { UserTokens } from './user-tokens';

/** What a front-desk flow needs: the Health ID client of the current environment and the operator's language. */
export interface FlowDeps {
  healthId: () => Promise<HealthIdClient>;
  tokens: UserTokens;
  audit: AuditLog;
  lang: () => Language;
  now?: () => number;
}

/** Runs one Health ID call with the failure mapping below. */
export async function callHealthId<T>(deps: Pick<FlowDeps, 'healthId' | 'lang'>, call: (client: HealthIdClient) => Promise<T>): Promise<T> {
  const client = await deps.healthId();
  return callAbdm(deps.lang(), () => call(client));
}

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
