// Why a share gets no token, as the board names it (ShareView.problem, worded by the Counter screen) and as the
// patient's phone is told it (on-share `error`: a code and a plain English message; ABDM's app shows the message).
import type { SharedProfile } from '../../abdm/gateway/hip/hip-messages';

export const SHARE_PROBLEMS = ['other-hip', 'not-a-profile-share', 'no-abha-address', 'no-counter'] as const;
export type ShareProblem = (typeof SHARE_PROBLEMS)[number];

const ANSWERS: Record<ShareProblem, { code: string; message: string }> = {
  'other-hip': { code: 'HIP_ID_MISMATCH', message: 'This profile was shared with another health facility; please scan the QR at this counter again.' },
  'not-a-profile-share': { code: 'NOT_A_PROFILE_SHARE', message: 'This counter takes profile shares only.' },
  'no-abha-address': { code: 'NO_ABHA_ADDRESS', message: 'The shared profile has no ABHA address.' },
  'no-counter': { code: 'NO_COUNTER', message: 'The shared profile names no counter; please scan the QR at the counter again.' },
};

/**
 * The problem of a share at this facility: another HIP's (X-HIP-ID, else `metaData.hipId`; a share naming none is
 * taken as ours, since the gateway routed it here), else what the reader found (hip-messages.ts), else none.
 */
export function problemOf(profile: SharedProfile, ourHipId: string): ShareProblem | null {
  if (profile.hipId !== null && profile.hipId !== ourHipId.trim()) return 'other-hip';
  const found = profile.problem;
  if (found === null) return null;
  return (SHARE_PROBLEMS as readonly string[]).includes(found) ? (found as ShareProblem) : 'not-a-profile-share';
}

/** The on-share `error` for a problem. */
export function answerOf(problem: ShareProblem): { code: string; message: string } {
  return ANSWERS[problem];
}
