// A patient's address on one line. ABDM gives the address, the district and the state apart, and the address often
// ends with the town that is also the district ("12, Gandhi Road, Lucknow" in Lucknow district), which joined
// naively reads "Lucknow, Lucknow". A part already on the line is not written again (letter case aside).

export function addressLine(parts: readonly (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const line: string[] = [];
  for (const part of parts.flatMap((text) => (text ?? '').split(','))) {
    const text = part.trim();
    const key = text.toLocaleLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    line.push(text);
  }
  return line.join(', ');
}
