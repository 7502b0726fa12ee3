// ABHA number and address formats, shared by main and renderer (pure functions only).
import { normaliseMobile } from './mobile';

/** 14 digits, shown as XX-XXXX-XXXX-XXXX. Returns null when the input is not 14 digits. */
export function formatAbhaNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{14}$/.test(digits)) return null;
  return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 10)}-${digits.slice(10)}`;
}

/** The part before the consent manager's suffix ('@sbx' in the sandbox, '@abdm' in production, '@ndhm' before). */
export function withoutCmSuffix(address: string): string {
  return address.trim().replace(/@(sbx|abdm|ndhm)$/i, '');
}

/**
 * The address with the consent manager's suffix: as typed when it has one, else with `@<cmId>` added (Settings'
 * CM ID: `sbx` in the sandbox and training, `abdm` in production), in lower case as ABDM writes addresses.
 */
export function withCmSuffix(address: string, cmId: string): string {
  const typed = address.trim().toLowerCase();
  return typed.includes('@') ? typed : `${typed}@${cmId.trim().toLowerCase()}`;
}

export type AbhaAddressProblem = 'too-short' | 'bad-characters' | 'bad-start-or-end';

/**
 * The ABHA address policy: at least 4 characters of letters, digits and dots, not starting with a digit
 * or a dot, not ending with a dot; the CM suffix may be typed or left off.
 */
export function abhaAddressProblem(input: string): AbhaAddressProblem | null {
  const user = withoutCmSuffix(input).toLowerCase();
  if (user.length < 4) return 'too-short';
  if (!/^[a-z0-9.]+$/.test(user)) return 'bad-characters';
  if (/^[0-9.]/.test(user) || user.endsWith('.')) return 'bad-start-or-end';
  return null;
}

/** The same, named as a field issue (electron/shared/errors.ts) for the contract, the screens and the ABDM client. */
export function abhaAddressIssue(input: string): `abha-address.${AbhaAddressProblem}` | null {
  const problem = abhaAddressProblem(input);
  return problem ? `abha-address.${problem}` : null;
}

/** What the operator typed to identify an ABHA: a number (any spacing) or an address. */
export function parseAbhaIdentifier(input: string): { kind: 'number'; value: string } | { kind: 'address'; value: string } | null {
  const number = formatAbhaNumber(input);
  if (number) return { kind: 'number', value: number };
  const trimmed = input.trim().toLowerCase();
  if (trimmed.includes('@') && abhaAddressProblem(trimmed) === null) return { kind: 'address', value: trimmed };
  return null;
}

/**
 * What the operator may type on Verify: an ABHA number or address, or the patient's mobile (ABDM's current API
 * logs in by mobile too; one mobile may hold several ABHAs, and the desk then asks which). An address may be typed
 * without its suffix ("asha.verma"): it comes back as typed, and main adds the suffix with withCmSuffix. A mobile
 * may be typed as people write it (normaliseMobile).
 */
export function parseVerifyIdentifier(
  input: string,
): { kind: 'number'; value: string } | { kind: 'address'; value: string } | { kind: 'mobile'; value: string } | null {
  const abha = parseAbhaIdentifier(input);
  if (abha) return abha;
  const mobile = normaliseMobile(input);
  if (/^[6-9]\d{9}$/.test(mobile)) return { kind: 'mobile', value: mobile };
  const bare = input.trim().toLowerCase();
  if (bare !== '' && !bare.includes('@') && abhaAddressProblem(bare) === null) return { kind: 'address', value: bare };
  return null;
}
