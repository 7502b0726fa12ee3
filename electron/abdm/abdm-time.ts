// ABDM peers write times several ways: with Z, with an offset, or (Java's LocalDateTime) with no zone and 1–6
// fraction digits. The gateway reads a zone-less time as UTC (reference/spec/gateway-v05.md §1), and so do we —
// JavaScript would read it as local time.

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The instant as ISO 8601 UTC with milliseconds, or null when the text is not a date-time. */
export function abdmTimeToIso(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/.test(trimmed)) return null;
  const withZone = trimmed.length <= 10 || HAS_ZONE.test(trimmed) ? trimmed : `${trimmed}Z`;
  // Date keeps milliseconds only; more fraction digits are cut, not rounded up past a second.
  const ms = Date.parse(withZone.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
