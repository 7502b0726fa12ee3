// How every benchmark prints: one line per measurement, with its target and the ratio to it.

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function median(samples: number[]): number {
  return percentile(samples, 50);
}

/** `lowerIsBetter` targets are maxima; the ratio is measured / target, so ≤ 1 meets the target. */
export function line(name: string, value: number, unit: string, target?: number): string {
  const shown = `${value.toFixed(value < 10 ? 3 : 1)} ${unit}`;
  if (target === undefined) return `${name.padEnd(48)} ${shown}`;
  const ratio = value / target;
  return `${name.padEnd(48)} ${shown.padEnd(14)} target ≤ ${target} ${unit}  ratio ${ratio.toFixed(2)} ${ratio <= 1 ? 'ok' : 'OVER'}`;
}

/** For targets that are minima (throughput): the ratio is measured / target, so ≥ 1 meets the target. */
export function lineAtLeast(name: string, value: number, unit: string, target: number): string {
  const shown = `${value.toFixed(value < 10 ? 3 : 1)} ${unit}`;
  const ratio = value / target;
  return `${name.padEnd(48)} ${shown.padEnd(14)} target ≥ ${target} ${unit}  ratio ${ratio.toFixed(2)} ${ratio >= 1 ? 'ok' : 'UNDER'}`;
}
