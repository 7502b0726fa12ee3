// A stored share as the Counter screen and the register see it (ShareView, counter-types.ts). `expired` is not
// stored: a waiting share whose token's time passed reads as expired from then on, by the injected clock.
import type { SharedProfile } from '../../abdm/gateway/hip/hip-messages';
import { TOKEN_VALIDITY_MS } from '../../shared/share-tokens';
import type { CounterShareRow } from '../../store/counter/counter-shares';
import type { SharedPatient, ShareView } from './counter-types';

/** The patient part of a shared profile, as kept in the row. */
export function sharedPatientOf(profile: SharedProfile): SharedPatient {
  return {
    name: profile.name,
    gender: profile.gender,
    dayOfBirth: profile.dayOfBirth,
    monthOfBirth: profile.monthOfBirth,
    yearOfBirth: profile.yearOfBirth,
    abhaAddress: profile.abhaAddress,
    abhaNumber: profile.abhaNumber,
    mobile: profile.mobile,
    addressLine: profile.address.line,
    district: profile.address.district,
    state: profile.address.state,
    pincode: profile.address.pincode,
  };
}

/** When a waiting share stops waiting: its token's end, or (no token: late at the relay) 30 minutes after it came. */
function endOf(row: CounterShareRow): number {
  return row.validUntil ? Date.parse(row.validUntil) : Date.parse(row.sharedAt) + TOKEN_VALIDITY_MS;
}

export function shareViewOf(row: CounterShareRow, now: number): ShareView {
  const status = row.status === 'waiting' && endOf(row) <= now ? 'expired' : row.status;
  return {
    id: row.id,
    counterId: row.counterId,
    tokenNumber: row.tokenNumber,
    sharedAt: row.sharedAt,
    validUntil: row.validUntil,
    status,
    late: row.late,
    problem: row.problem,
    patient: JSON.parse(row.patient) as SharedPatient,
    registeredAs: row.registeredAs,
  };
}
