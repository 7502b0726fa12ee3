import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { abhaNumberFromKey } from '../residents/identity';
import { residentKey } from '../residents/training-keys';
import { syntheticResident, type Resident } from '../residents/synthetic-resident';
import type { Account, RegistrationTransaction } from '../state';
import { findTrainingIdentity, type TrainingIdentity } from '../training-identities';

const ADDRESS_SUFFIX = '@sbx';
export const AUTH_METHODS = ['AADHAAR_OTP', 'MOBILE_OTP', 'DEMOGRAPHICS', 'AADHAAR_BIO'];

function residentFromIdentity(identity: TrainingIdentity, key: string): Resident {
  const { firstName, middleName, lastName, gender, dayOfBirth, monthOfBirth, yearOfBirth, address, district, aadhaarMobile } = identity;
  const photoSeed = syntheticResident(key).photoSeed;
  return { firstName, middleName, lastName, gender, dayOfBirth, monthOfBirth, yearOfBirth, address, district, aadhaarMobile, photoSeed };
}

/** The person UIDAI would return for this Aadhaar: a training identity, or a synthetic one. */
export function residentForAadhaar(aadhaar: string, key: string): Resident {
  const identity = findTrainingIdentity(aadhaar);
  return identity ? residentFromIdentity(identity, key) : syntheticResident(key);
}

export async function accountForTrainingIdentity(identity: TrainingIdentity, seed: string, now: number): Promise<Account> {
  if (!identity.existingAbha || !identity.aadhaarMobile) throw new Error('training identity has no pre-existing ABHA');
  const key = await residentKey(identity.aadhaar, seed);
  const { aadhaarMobile: _mobile, ...resident } = residentFromIdentity(identity, key);
  return {
    ...resident,
    healthIdNumber: identity.existingAbha.healthIdNumber,
    healthId: identity.existingAbha.healthId,
    aadhaarKey: key,
    aadhaarLast4: identity.aadhaar.slice(-4),
    mobile: identity.aadhaarMobile,
    email: null,
    profilePhoto: null,
    authMethods: AUTH_METHODS,
    createdAt: now,
  };
}

/**
 * ABHA address rules from the ABDM sandbox docs: at least 4 characters, letters, digits and dots,
 * not starting with a digit, no dot at either end. 32 characters at most is the sandbox's own limit.
 */
export function normaliseRequestedAddress(requested: string): string {
  const user = requested.trim().toLowerCase().replace(/@sbx$/, '');
  const problem =
    user.length < 4
      ? 'must have at least 4 characters'
      : user.length > 32
        ? 'must have at most 32 characters'
        : !/^[a-z0-9.]+$/.test(user)
          ? 'may contain only letters, digits and dots'
          : /^[0-9]/.test(user)
            ? 'must not start with a digit'
            : user.startsWith('.') || user.endsWith('.')
              ? 'must not start or end with a dot'
              : null;
  if (problem) {
    throw new AbdmError(400, 'HIS-400', `ABHA address "${requested}" is invalid: it ${problem}.`, {
      attribute: { key: 'healthId', value: requested },
    });
  }
  return `${user}${ADDRESS_SUFFIX}`;
}

function freshAbhaNumber(ctx: SandboxContext, key: string): string {
  for (let attempt = 0; ; attempt++) {
    const candidate = abhaNumberFromKey(key, attempt);
    if (!ctx.state.findByHealthIdNumber(candidate)) return candidate;
  }
}

export interface NewAccountDetails {
  healthId?: string;
  email?: string;
  profilePhoto?: string;
  password?: string;
}

export function createAccount(ctx: SandboxContext, txn: RegistrationTransaction, details: NewAccountDetails): Account {
  const healthIdNumber = freshAbhaNumber(ctx, txn.aadhaarKey);
  const healthId = details.healthId
    ? normaliseRequestedAddress(details.healthId)
    : `${healthIdNumber.replaceAll('-', '')}${ADDRESS_SUFFIX}`;
  if (ctx.state.findByAddress(healthId)) {
    throw new AbdmError(422, 'HIS-1015', `ABHA address ${healthId} is already taken; choose another one.`, {
      attribute: { key: 'healthId', value: healthId },
    });
  }
  const { aadhaarMobile: _aadhaarMobile, ...resident } = txn.resident;
  const account: Account = {
    ...resident,
    healthIdNumber,
    healthId,
    aadhaarKey: txn.aadhaarKey,
    aadhaarLast4: txn.aadhaarLast4,
    mobile: txn.mobile ?? '',
    email: details.email ?? null,
    profilePhoto: details.profilePhoto ?? null,
    authMethods: details.password ? [...AUTH_METHODS, 'PASSWORD'] : AUTH_METHODS,
    createdAt: ctx.clock.now(),
  };
  ctx.state.addAccount(account);
  return account;
}

/** `healthid` of auth/init: an ABHA number (with or without hyphens) or an ABHA address (with or without @sbx). */
export function findAccountByLoginId(ctx: SandboxContext, loginId: string, normalisedNumber: string | null): Account | undefined {
  if (normalisedNumber) return ctx.state.findByHealthIdNumber(normalisedNumber);
  const address = loginId.trim().toLowerCase();
  return ctx.state.findByAddress(address.includes('@') ? address : `${address}${ADDRESS_SUFFIX}`);
}
