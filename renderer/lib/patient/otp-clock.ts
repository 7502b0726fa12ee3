// The OTP countdown. Times count from when the page received the answer, not main's sentAt, so a clock
// difference between the two can never show a wrong countdown.
import type { OtpSent } from '../api';

export type SentOtp = OtpSent & { receivedAt: number };

export function received(sent: OtpSent): SentOtp {
  return { ...sent, receivedAt: Date.now() };
}

export function secondsLeft(since: number, seconds: number, now: number): number {
  return Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000));
}

/** 125 → { minutes: 2, seconds: 5, ss: '05' }: words for a duration ("2:05", "2 मिनट 5 सेकंड"), never a clock time. */
export function durationParts(seconds: number): { minutes: number; seconds: number; ss: string } {
  const rest = seconds % 60;
  return { minutes: Math.floor(seconds / 60), seconds: rest, ss: String(rest).padStart(2, '0') };
}
