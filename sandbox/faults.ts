import { createHash } from 'node:crypto';

/** Misbehaviour to inject, so the app's retry and error paths can be exercised. */
export interface Faults {
  /** Added to every ABDM response, in real milliseconds. */
  latencyMs?: number;
  /** Share (0..1) of requests answered with a 5xx. */
  errorRate?: number;
  /** Share (0..1) of requests whose connection is destroyed without an answer. */
  dropRate?: number;
}

export type FaultDecision = 'drop' | 'error' | 'pass';

/** Seeded xorshift32, so a given seed and request order always injects the same faults. */
function seededRandom(seed: string): () => number {
  let x = createHash('sha256').update(`faults:${seed}`).digest().readUInt32BE(0) || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x1_0000_0000;
  };
}

export function validateFaults(faults: unknown): Faults {
  if (typeof faults !== 'object' || faults === null || Array.isArray(faults)) throw new Error('faults must be an object');
  const f = faults as Record<string, unknown>;
  const out: Faults = {};
  for (const key of ['latencyMs', 'errorRate', 'dropRate'] as const) {
    const value = f[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`${key} must be a non-negative number`);
    if (key !== 'latencyMs' && value > 1) throw new Error(`${key} must be between 0 and 1`);
    if (key === 'latencyMs' && value > 60_000) throw new Error('latencyMs must be at most 60000');
    out[key] = value;
  }
  const unknownKeys = Object.keys(f).filter((k) => !['latencyMs', 'errorRate', 'dropRate'].includes(k));
  if (unknownKeys.length > 0) throw new Error(`unknown fault setting(s): ${unknownKeys.join(', ')}`);
  return out;
}

export class FaultInjector {
  private random: () => number;
  private current: Faults;

  constructor(
    private readonly seed: string,
    initial: Faults = {},
  ) {
    this.current = validateFaults(initial);
    this.random = seededRandom(seed);
  }

  get settings(): Faults {
    return { ...this.current };
  }

  set(faults: Faults): void {
    this.current = validateFaults(faults);
    this.random = seededRandom(this.seed);
  }

  decide(): FaultDecision {
    const { dropRate = 0, errorRate = 0 } = this.current;
    if (dropRate === 0 && errorRate === 0) return 'pass';
    const roll = this.random();
    if (roll < dropRate) return 'drop';
    if (roll < dropRate + errorRate) return 'error';
    return 'pass';
  }
}
