// An e-mail address as the desk accepts it: something@something.tld, no spaces. ABDM checks it again; this only
// catches a typo before the patient waits. Pure, so the contract and the Create step apply the same rule.

export function isEmail(input: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim());
}
