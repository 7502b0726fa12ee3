// Masking Aadhaar numbers inside text that came from elsewhere (error messages a server echoed back),
// so nothing this client raises or logs can carry one. The checks themselves are in electron/shared/aadhaar.ts.
import { maskAadhaar } from '../shared/aadhaar';

// 12 digits (Aadhaar) or 16 (VID), optionally grouped by single spaces, not part of a longer number.
// Hyphen-grouped 14-digit ABHA numbers (91-4820-1736-5529) and 10-digit mobiles do not match.
const AADHAAR_IN_TEXT = /(?<![\d-])(?:\d{4} ?){2}\d{4}(?: ?\d{4})?(?![\d-])/g;

/** Masks every Aadhaar-like number inside free text, e.g. an error message a server echoed back. */
export function maskAadhaarInText(text: string): string {
  return text.replace(AADHAAR_IN_TEXT, (match) => maskAadhaar(match));
}

/** Deep copy of a JSON value with every string passed through maskAadhaarInText. */
export function maskAadhaarDeep(value: unknown): unknown {
  if (typeof value === 'string') return maskAadhaarInText(value);
  if (Array.isArray(value)) return value.map(maskAadhaarDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskAadhaarDeep(inner)]));
  }
  return value;
}
