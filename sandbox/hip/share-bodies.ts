import { fullName } from '../residents/synthetic-resident';
import type { Account } from '../state';

// The body a patient's phone makes ABDM send when it scans a counter's QR (reference: ../shared/spec/
// abdm-frontdesk.md §1). v3 as NHA's patient-share.yaml spells it (day, month and year as texts);
// legacy as ndhm-gateway-v1.yml's ShareProfileRequest1 (numbers, the counter as profile.hipCode, the
// mobile in identifiers[]). Both carry the account as the simulator holds it: the patient's claim.

/**
 * Where the phone says it is. NHA's example point (the centre of India): the simulator has no map, and a desk
 * must not read anything into it.
 */
export const PHONE_LOCATION = { latitude: 20.5937, longitude: 78.9629 } as const;

export interface ShareTarget {
  hipId: string;
  counterId: string;
}

function address(account: Account) {
  return {
    line: account.address,
    district: account.district.districtName,
    state: account.district.stateName,
    pincode: account.district.pincode,
  };
}

/** POST {cb}/api/v3/hip/patient/share; the message's id and time travel as headers. */
export function v3ShareBody(account: Account, target: ShareTarget): Record<string, unknown> {
  return {
    intent: 'PROFILE_SHARE',
    metaData: { hipId: target.hipId, context: target.counterId, hprId: null, ...PHONE_LOCATION },
    profile: {
      patient: {
        abhaNumber: account.healthIdNumber || null,
        abhaAddress: account.healthId,
        name: fullName(account),
        gender: account.gender,
        dayOfBirth: account.dayOfBirth || null,
        monthOfBirth: account.monthOfBirth || null,
        yearOfBirth: account.yearOfBirth,
        address: address(account),
        phoneNumber: account.mobile || null,
      },
    },
  };
}

/** A date part as the legacy file's integer; an absent day or month (a resident who knows only the year) is left out. */
function wholeNumber(value: string): number | undefined {
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/** POST {cb}/v1.0/patients/profile/share; the envelope (requestId, timestamp) in the body, as on gateway v0.5. */
export function legacyShareBody(account: Account, target: ShareTarget, envelope: { requestId: string; timestamp: string }): Record<string, unknown> {
  return {
    requestId: envelope.requestId,
    timestamp: envelope.timestamp,
    intent: { type: 'PROFILE_SHARE' },
    location: { latitude: String(PHONE_LOCATION.latitude), longitude: String(PHONE_LOCATION.longitude) },
    profile: {
      hipCode: target.counterId,
      patient: {
        healthId: account.healthId,
        healthIdNumber: account.healthIdNumber || null,
        name: fullName(account),
        gender: account.gender,
        yearOfBirth: wholeNumber(account.yearOfBirth),
        dayOfBirth: wholeNumber(account.dayOfBirth),
        monthOfBirth: wholeNumber(account.monthOfBirth),
        address: address(account),
        identifiers: [{ type: 'MOBILE', value: account.mobile }],
      },
    },
  };
}
