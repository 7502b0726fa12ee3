/** Milliseconds since the Unix epoch. Injected wherever time matters so tests can move time without sleeping. */
export interface Clock {
  now(): number;
}

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export const systemClock: Clock = { now: () => Date.now() };

export function manualClock(start: number | Date = Date.now()): ManualClock {
  let current = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => current,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`manualClock.advance needs a non-negative number of ms, got ${ms}`);
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
