// Every ABDM call from a service goes through here, so every ABDM failure reaches the screen the same way: as an
// error code that says what the operator does next, with ABDM's own code kept beside it for support.
import { AbdmBadResponseError, AbdmError, AbdmInputError, AbdmUnreachableError, UserTokenExpiredError, type InputField } from '../abdm/errors';
import { OperationNotOnThisApi } from '../abdm/gateway/generation';
import { AppFailure } from '../shared/errors';
import type { AbhaClients } from './abha/abha-clients';
import type { AuditLog } from './day/audit';
import type { UserTokens } from './abha/user-tokens';

/** What a front-desk flow needs: the ABHA client of the current API, tokens, audit and clock. */
export interface FlowDeps {
  abha: () => Promise<AbhaClients>;
  tokens: UserTokens;
  audit: AuditLog;
  now?: () => number;
}

export async function callAbdm<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppFailure(error);
  }
}

/**
 * A call made with the patient's user token (X-Token), which only a recent verification gives. On ABHA v3 a
 * refused token is renewed once with its refresh token where ABDM gave one; otherwise, or if that fails too,
 * the desk is told to verify the patient again.
 */
export async function callWithPatientToken<T>(
  deps: Pick<FlowDeps, 'abha' | 'tokens'>,
  abhaNumber: string,
  call: (clients: AbhaClients, token: string) => Promise<T>,
): Promise<T> {
  const clients = await deps.abha();
  const held = deps.tokens.require(abhaNumber, clients.api);
  try {
    return await callAbdm(() => call(clients, held.token));
  } catch (error) {
    if (!(error instanceof AppFailure && error.code === 'VERIFY_AGAIN')) throw error;
    // A user token ABDM no longer accepts is as good as expired: drop it, so every later step asks to verify again.
    deps.tokens.forget(abhaNumber);
    if (clients.api !== 'v3' || !held.refreshToken) throw error;
    const { client } = clients;
    const renewed = await callAbdm(() => client.refreshUserToken(held.refreshToken!));
    deps.tokens.remember(abhaNumber, { ...renewed, api: 'v3' });
    return callAbdm(() => call(clients, renewed.token));
  }
}

// Which screen field each client-side input check stands for.
const SCREEN_FIELD: Partial<Record<InputField, string>> = { aadhaar: 'aadhaar', otp: 'otp', mobile: 'mobile', healthid: 'abha', healthId: 'abhaAddress' };

/** The app's failure for an ABDM client error; anything else is returned unchanged. */
export function toAppFailure(error: unknown): unknown {
  const cause = { cause: error };
  // Checked first: it is also an AbdmError, but the operator's next step is different.
  if (error instanceof UserTokenExpiredError) return new AppFailure('VERIFY_AGAIN', { abdmCode: error.specificCode }, cause);
  if (error instanceof AbdmError) {
    // The gateway refusing the clinic's own credentials is fixed in Settings, not by the patient.
    if (error.operation === 'sessions' && (error.status === 400 || error.status === 401)) {
      return new AppFailure('ABDM_CREDENTIALS', { abdmCode: error.specificCode }, cause);
    }
    return new AppFailure('ABDM_ERROR', { abdmCode: error.specificCode, params: { status: error.status, topCode: error.code } }, cause);
  }
  if (error instanceof AbdmUnreachableError) return new AppFailure(error.kind === 'timeout' ? 'ABDM_TIMEOUT' : 'ABDM_UNREACHABLE', {}, cause);
  if (error instanceof AbdmBadResponseError) return new AppFailure('ABDM_BAD_ANSWER', {}, cause);
  if (error instanceof AbdmInputError) return inputFailure(error);
  if (error instanceof OperationNotOnThisApi) return new AppFailure('NOT_ON_THIS_API', { params: { operation: error.operation, api: error.generation } }, cause);
  return error;
}

function inputFailure(error: AbdmInputError): unknown {
  const path = SCREEN_FIELD[error.field];
  // The app itself supplies the other fields (transaction id, user token, auth method): a bug, reported as one.
  if (!path) return error;
  return new AppFailure('INVALID_INPUT', { fields: [{ path, code: error.issue }] }, { cause: error });
}
