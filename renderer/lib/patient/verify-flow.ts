// Verify's login lives in main (verify.current): the screen keeps only what it shows, and finds the login again
// after a reload. It ends when the operator leaves the screen (Verify.svelte), Close patient and the idle close
// included, so the next person at the desk does not find the last patient's OTP step.
import type { OutputOf } from '../../../electron/ipc/contract';
import { findApi } from '../api';

export type VerificationNow = NonNullable<OutputOf<'verify.current'>['verification']>;

/** The login main has open, or null (none, or main could not be asked). */
export async function openVerification(): Promise<VerificationNow | null> {
  const answer = await findApi()?.verify.current();
  return answer?.ok ? answer.value.verification : null;
}

/** Ends the login in main, if one is open; not awaited by callers, as nothing on screen waits for it. */
export function forgetVerification(): void {
  void findApi()?.verify.abandon();
}
