// The HIP's callbacks in the desk's words, whichever generation brought them (reference/spec/abdm-frontdesk.md §1).
// A profile share is read leniently: peers disagree on types and nullability (day and month as numbers or texts,
// `pincode` or `pinCode`, the mobile as `phoneNumber` or an `identifiers[]` entry), and a share the desk cannot read
// must still be answered FAILED rather than refused at the door, so the reader never throws: what it cannot use it
// names in `problem`.
import { isObject } from '../../../shared/is-object';
import type { HipCallbackKind } from './hip-kinds';
import type { HipFlowMessages } from './hip-flow-messages';

type Json = Record<string, unknown>;

/** A patient's profile as shared at a counter: the patient's claim, not a verification. */
export interface SharedProfile {
  /** What the share was: `PROFILE_SHARE` on v3; the legacy generation has only profile shares. */
  intent: string | null;
  /** The HIP id the share names (X-HIP-ID, else the body's `metaData.hipId`). */
  hipId: string | null;
  /** The counter (v3 `metaData.context`; legacy `profile.hipCode`, the code of the counter's QR). */
  counterId: string | null;
  abhaAddress: string | null;
  abhaNumber: string | null;
  name: string | null;
  /** M, F, O, D, T or U as sent; null when absent. */
  gender: string | null;
  dayOfBirth: number | null;
  monthOfBirth: number | null;
  yearOfBirth: number | null;
  address: { line: string | null; district: string | null; state: string | null; pincode: string | null };
  mobile: string | null;
  /** Why the share cannot be answered with a token (`not-a-profile-share`, `no-abha-address`, `no-counter`); null when it can. */
  problem: string | null;
}

export interface HipMessages extends HipFlowMessages {
  'profile.share': SharedProfile;
}

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '-' ? null : trimmed;
};

/** A day, month or year sent as a number or as digits; anything else is absent. */
const whole = (value: unknown, min: number, max: number): number | null => {
  const digits = text(value);
  if (digits === null || !/^\d{1,4}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= min && n <= max ? n : null;
};

const obj = (value: unknown): Json => (isObject(value) ? value : {});

/** The mobile of a legacy share: `identifiers: [{type: "MOBILE", value}]`, or v3's `phoneNumber`. */
function mobileOf(patient: Json): string | null {
  const direct = text(patient.phoneNumber) ?? text(patient.mobile);
  if (direct) return direct;
  const identifiers = Array.isArray(patient.identifiers) ? patient.identifiers : [];
  for (const identifier of identifiers) {
    if (isObject(identifier) && String(identifier.type).toUpperCase() === 'MOBILE') return text(identifier.value);
  }
  return null;
}

function problemOf(profile: Omit<SharedProfile, 'problem'>): string | null {
  if (profile.intent !== null && profile.intent !== 'PROFILE_SHARE') return 'not-a-profile-share';
  if (!profile.abhaAddress) return 'no-abha-address';
  if (!profile.counterId) return 'no-counter';
  return null;
}

function patientFields(patient: Json) {
  const address = obj(patient.address);
  return {
    name: text(patient.name),
    gender: text(patient.gender)?.toUpperCase() ?? null,
    dayOfBirth: whole(patient.dayOfBirth, 1, 31),
    monthOfBirth: whole(patient.monthOfBirth, 1, 12),
    yearOfBirth: whole(patient.yearOfBirth, 1900, 2100),
    address: { line: text(address.line), district: text(address.district), state: text(address.state), pincode: text(address.pincode) ?? text(address.pinCode) },
    mobile: mobileOf(patient),
  };
}

/** HIE-CM v3: `POST {cb}/api/v3/hip/patient/share`. */
export function readShareV3(body: Json, headers: Record<string, string | undefined>): SharedProfile {
  const metaData = obj(body.metaData);
  const patient = obj(obj(body.profile).patient);
  const read = {
    intent: text(body.intent) ?? (isObject(body.profile) ? null : 'unknown'),
    hipId: text(headers['x-hip-id']) ?? text(metaData.hipId),
    counterId: text(metaData.context),
    abhaAddress: text(patient.abhaAddress)?.toLowerCase() ?? null,
    abhaNumber: text(patient.abhaNumber),
    ...patientFields(patient),
  };
  return { ...read, problem: problemOf(read) };
}

/** The legacy generation: `POST {cb}/v1.0/patients/profile/share` (Bahmni, older CARE). */
export function readShareV05(body: Json, headers: Record<string, string | undefined>): SharedProfile {
  const profile = obj(body.profile);
  const patient = obj(profile.patient);
  const read = {
    intent: isObject(body.profile) ? 'PROFILE_SHARE' : 'unknown',
    hipId: text(headers['x-hip-id']),
    counterId: text(profile.hipCode),
    abhaAddress: (text(patient.healthId) ?? text(patient.abhaAddress))?.toLowerCase() ?? null,
    abhaNumber: text(patient.healthIdNumber) ?? text(patient.abhaNumber),
    ...patientFields(patient),
  };
  return { ...read, problem: problemOf(read) };
}

export type HipReader = (body: Json, headers: Record<string, string | undefined>) => HipMessages[HipCallbackKind];
