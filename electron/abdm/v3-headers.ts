// The headers every ABDM v3 call carries (reference/spec/abdm-v3.md §1): a fresh REQUEST-ID (UUID v4) and a
// TIMESTAMP in UTC with milliseconds and `Z`. The services refuse a time written with an offset (ABDM-1016),
// so the time is always formatted here, never passed through from elsewhere.
import { randomUUID } from 'node:crypto';

export interface V3Headers {
  'REQUEST-ID': string;
  TIMESTAMP: string;
}

/** `2024-10-06T15:10:00.587Z`: what Date#toISOString writes, which is exactly the accepted form. */
export function v3Timestamp(ms: number): string {
  return new Date(ms).toISOString();
}

export function v3Headers(now: () => number = Date.now, requestId: string = randomUUID()): V3Headers {
  return { 'REQUEST-ID': requestId, TIMESTAMP: v3Timestamp(now()) };
}
