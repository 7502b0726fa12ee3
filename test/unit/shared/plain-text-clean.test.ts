// withoutControls: what the desk keeps of a name, title, reference or id from outside. The expected text is built
// here code point by code point from Unicode's lists (C0 U+0000–001F, DEL, C1 U+0080–009F; the bidi embedding,
// override and isolate controls and marks of UAX #9), not with the function's own pattern.
import { describe, expect, it } from 'vitest';
import { withoutControls } from '../../../electron/shared/plain-text';

const BIDI = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
const SPACE_LIKE = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x85];

function expected(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (SPACE_LIKE.includes(cp)) out += ' ';
    else if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f) || BIDI.includes(cp)) continue;
    else out += ch;
  }
  return out;
}

describe('withoutControls', () => {
  it('takes out U+202E and NUL from a care-context reference and keeps markup as text', () => {
    expect(withoutControls('OPD-\u202E<script>alert(1)</script>\u0000-77')).toBe('OPD-<script>alert(1)</script>-77');
  });

  it('agrees with the Unicode lists on every control and mark, and on ordinary text in several scripts', () => {
    const every = [...Array(0xa0).keys(), ...BIDI].map((cp) => `a${String.fromCodePoint(cp)}b`);
    for (const text of [...every, 'आशा वर्मा', 'Dr. Kavya Rao (KA-45821)', 'مرحبا', '👩‍⚕️ clinic']) expect(withoutControls(text)).toBe(expected(text));
  });

  it('keeps a line break as a space, so words stay apart', () => {
    expect(withoutControls('City\r\nClinic\tPune')).toBe('City  Clinic Pune');
  });
});
