// Checks on what the operator typed before an ABHA v3 call (the v1 checks in healthid-v1/inputs.ts where the rule is the
// same). Values come back in the form v3 wants them encrypted: an ABHA number with its dashes
// (reference/spec/abdm-v3.md §2.5), an Aadhaar number as bare digits, a mobile as 10 digits.
import { formatAbhaNumber, withoutCmSuffix } from '../../shared/abha';
import { AbdmInputError } from '../errors';
import { checkAadhaar, checkMobile } from '../healthid-v1/inputs';
import type { V3LoginHint } from './types';

/** 14 digits, any spacing → `91-1234-5678-9012`. */
export function checkAbhaNumber(input: string): string {
  const number = typeof input === 'string' ? formatAbhaNumber(input) : null;
  if (!number) throw new AbdmInputError('healthid', 'abha-number');
  return number;
}

/** The login id of a profile login, by its hint. */
export function checkLoginValue(hint: V3LoginHint, value: string): string {
  if (hint === 'abha-number') return checkAbhaNumber(value);
  if (hint === 'mobile') return checkMobile(value);
  return checkAadhaar(value);
}

/**
 * An ABHA address to log in with: the whole address with its CM suffix (`name@sbx`), as the PHR login wants it.
 * Letters, digits, dots and underscores (NHA's v3 address rule allows `_`); the server judges the rest.
 */
export function checkAbhaAddressLogin(input: string): string {
  const address = typeof input === 'string' ? input.trim().toLowerCase() : '';
  if (!/^[a-z0-9._]+@[a-z]+$/.test(address)) throw new AbdmInputError('healthid', 'abha-identifier');
  return address;
}

/** The ABHA address chosen at enrolment, sent without the CM suffix (as the suggestions list it). */
export function checkChosenAddress(input: string): string {
  const user = typeof input === 'string' ? withoutCmSuffix(input).toLowerCase() : '';
  if (user === '') throw new AbdmInputError('healthId', 'required');
  if (!/^[a-z0-9._]+$/.test(user)) throw new AbdmInputError('healthId', 'abha-address.bad-characters');
  return user;
}
