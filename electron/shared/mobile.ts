// Indian mobile numbers as ABDM takes them: 10 digits starting 6–9. Pure: the contract, the Enrol screen and
// the ABDM client all apply this one rule.

/** Spaces and dashes are how people group the number when they read it out. */
export function normaliseMobile(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isMobile(input: string): boolean {
  return /^[6-9]\d{9}$/.test(normaliseMobile(input));
}
