// ABDM's OTPs (UIDAI's and Health ID's alike) are 6 digits. Pure, shared by the contract, screens and client.

export function isOtp(input: string): boolean {
  return /^\d{6}$/.test(input.trim());
}
