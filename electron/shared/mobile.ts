// Indian mobile numbers as ABDM takes them: 10 digits starting 6–9. Pure: the contract, the Enrol and Verify
// screens and the ABDM client all apply this one rule.

/**
 * The 10 digits of a mobile as people write it: grouped with spaces, dashes or dots when read out
 * ("98765 00001", "98765-00001"), with the country code ("+91 98300 00003", "+919830000003", "919830000003")
 * or with the trunk 0 of a call from another state ("09830000003"). Anything else comes back with only the
 * grouping removed, so isMobile refuses it ("+92…" stays "+92…").
 */
export function normaliseMobile(input: string): string {
  const compact = input.trim().replace(/[\s.\-()]/g, '');
  const national = /^(?:\+91|91|0)(\d{10})$/.exec(compact);
  return national ? national[1]! : compact;
}

export function isMobile(input: string): boolean {
  return /^[6-9]\d{9}$/.test(normaliseMobile(input));
}
