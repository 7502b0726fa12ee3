// The Records screens' rules, kept pure so unit tests can check them: the patient id with its consent-manager
// suffix, the date range and keep-until choices, a consent request's status in the operator's terms, and the
// records grouped by visit. Words live in i18n.ts under keys these functions name.
import type { OutputOf, TimelineMessage } from '../../../electron/ipc/contract';
import { HI_TYPES, HI_TYPES_EVERYWHERE, hiTypesOffered, PURPOSE_CODES, type HiType, type PurposeCode } from '../../../electron/shared/hiu-terms';
import type { StringKey } from '../i18n';

export type ConsentView = OutputOf<'consents.get'>;
export type ArtefactView = ConsentView['artefacts'][number];
export type RecordMeta = OutputOf<'records.list'>[number];
export type TimelineEntry = OutputOf<'timeline.list'>[number];
export type KycPatient = OutputOf<'hiu.authConfirm'>['patient'];
export type KycStarted = OutputOf<'hiu.authStart'>;
export type KycMode = 'MOBILE_OTP' | 'AADHAAR_OTP' | 'DEMOGRAPHICS' | 'DIRECT';

export { HI_TYPES, hiTypesOffered, PURPOSE_CODES, type HiType, type PurposeCode };
export const KYC_MODES: readonly KycMode[] = ['MOBILE_OTP', 'AADHAAR_OTP', 'DEMOGRAPHICS', 'DIRECT'];

/** The consent manager refuses a KYC OTP after this many wrong tries (its code 1408). */
export const OTP_TRIES = 5;

const PATIENT_ID = /^[a-z0-9][a-z0-9._-]*@[a-z0-9-]+$/;

/**
 * What the operator typed as the patient's ABHA address, with the consent manager's suffix added when left out
 * ("asha.verma" → "asha.verma@sbx"), in lower case as the consent manager writes it; null when it cannot be one.
 */
export function patientIdOf(typed: string, cmId: string): string | null {
  const value = typed.trim().toLowerCase();
  if (value === '') return null;
  const id = value.includes('@') ? value : `${value}@${cmId.trim().toLowerCase()}`;
  return PATIENT_ID.test(id) ? id : null;
}

export function isKycMode(mode: string): mode is KycMode {
  return (KYC_MODES as readonly string[]).includes(mode);
}

export const RANGE_PRESETS = ['6m', '1y', '5y', 'all', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
const PRESET_MONTHS: Record<Exclude<RangePreset, 'all' | 'custom'>, number> = { '6m': 6, '1y': 12, '5y': 60 };
/** "All" starts here: older than any electronic record a HIP holds. */
const ALL_FROM = '1900-01-01T00:00:00.000Z';

/** True when a consent's range starts at "All"'s start (or earlier): the screens say "All records", not a date in 1900. */
export function coversAllTime(from: string): boolean {
  return from <= ALL_FROM;
}

/** The records' date range for a preset, ending now; custom uses the two local dates ("YYYY-MM-DD", to inclusive). */
export function rangeOf(preset: RangePreset, now: Date, custom: { from: string; to: string } = { from: '', to: '' }): { from: string; to: string } | null {
  if (preset === 'all') return { from: ALL_FROM, to: now.toISOString() };
  if (preset === 'custom') {
    const from = localDate(custom.from, 0);
    const to = localDate(custom.to, 1);
    return from && to ? { from, to } : null;
  }
  const from = new Date(now);
  from.setMonth(from.getMonth() - PRESET_MONTHS[preset]);
  return { from: from.toISOString(), to: now.toISOString() };
}

function localDate(day: string, addDays: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays).toISOString();
}

export const KEEP_CHOICES = ['1d', '7d', '30d', '90d', '365d'] as const;
export type KeepChoice = (typeof KEEP_CHOICES)[number];

/** When the clinic must erase the records (the consent's dataEraseAt). */
export function eraseAtOf(keep: KeepChoice, now: Date): string {
  return new Date(now.getTime() + Number.parseInt(keep, 10) * 86_400_000).toISOString();
}

/** A consent request's state as the front desk speaks of it. */
export const REQUEST_STATES = ['sending', 'awaiting-abdm', 'requested', 'no-answer', 'granted', 'denied', 'expired', 'revoked', 'failed', 'arriving', 'received', 'erased'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/**
 * REQUESTED is "waiting for ABDM's answer" until the consent manager's id (on-init) came, then "waiting for the
 * patient"; NO_ANSWER is "ABDM did not answer" (the patient was never asked). GRANTED becomes "records arriving" once an artefact was fetched (its records are asked for at once), "records
 * received" once every live artefact has records here or every live artefact's transfer was reported to the consent
 * manager (one health-information/notify each: a HIP with nothing in the range sends none), and "erased" once every
 * artefact's records were erased. `delivered` counts the records held per artefact id.
 */
export function requestState(consent: ConsentView, transfersEnded: number, delivered: Readonly<Record<string, number>> = {}): RequestState {
  switch (consent.status) {
    case 'SENDING':
      return 'sending';
    case 'REQUESTED':
      return consent.gatewayId ? 'requested' : 'awaiting-abdm';
    case 'NO_ANSWER':
      return 'no-answer';
    case 'DENIED':
      return 'denied';
    case 'EXPIRED':
      return 'expired';
    case 'REVOKED':
      return 'revoked';
    case 'FAILED':
      return 'failed';
  }
  const artefacts = consent.artefacts;
  if (artefacts.length > 0 && artefacts.every((artefact) => artefact.erasedAt !== null)) return 'erased';
  const live = artefacts.filter((artefact) => artefact.status === 'GRANTED' && artefact.erasedAt === null);
  if (live.length > 0 && (transfersEnded >= live.length || live.every((artefact) => (delivered[artefact.id] ?? 0) > 0))) return 'received';
  if (live.some((artefact) => artefact.fetched)) return 'arriving';
  return 'granted';
}

/** The number of transfers the desk reported as ended (health-information/notify accepted) in a request's timeline. */
export function transfersEnded(timeline: readonly TimelineEntry[]): number {
  return timeline.filter((entry) => entry.direction === 'out' && entry.message === 'health-information.transfer-reported' && entry.step === 'accepted').length;
}

export interface Visit {
  key: string;
  hipId: string;
  careContext: string;
  /** The newest record date of the visit (ISO), or null when no record carried one. */
  date: string | null;
  records: RecordMeta[];
}

/** Records grouped by visit (HIP and care context), newest visit first; inside a visit, by HI type order. */
export function visitsOf(records: readonly RecordMeta[]): Visit[] {
  const visits = new Map<string, Visit>();
  for (const record of records) {
    const key = `${record.hipId}\u0000${record.careContext}`;
    const visit = visits.get(key) ?? { key, hipId: record.hipId, careContext: record.careContext, date: null, records: [] };
    visit.records.push(record);
    const date = record.recordDate ?? null;
    if (date && (!visit.date || date > visit.date)) visit.date = date;
    visits.set(key, visit);
  }
  const order = (type: string | null) => {
    const index = HI_TYPES.indexOf(type as HiType);
    return index < 0 ? HI_TYPES.length : index;
  };
  const list = [...visits.values()];
  for (const visit of list) visit.records.sort((a, b) => order(a.hiType) - order(b.hiType) || a.receivedAt.localeCompare(b.receivedAt));
  return list.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.key.localeCompare(b.key));
}

/** The latest status ABDM gave a patient, from the audit log (newest first): the engine records every change. */
export function patientStatusOf(entries: readonly { action: string; detail: string | null }[], patientId: string): 'ACTIVE' | 'DEACTIVATED' | 'DELETED' {
  for (const entry of entries) {
    if ((entry.detail ?? '').toLowerCase() !== patientId) continue;
    if (entry.action === 'patient.deleted') return 'DELETED';
    if (entry.action === 'patient.deactivated') return 'DEACTIVATED';
    if (entry.action === 'patient.reactivated') return 'ACTIVE';
  }
  return 'ACTIVE';
}

/** The words of a timeline row, by what it was (main names each row: electron/abdm/gateway/timeline-messages.ts). */
const MESSAGE_WORDS: Record<TimelineMessage, StringKey> = {
  'consent-request.sent': 'records.path.consentInit',
  'consent-request.acknowledged': 'records.path.consentOnInit',
  'consent-request.status-asked': 'records.path.consentStatus',
  'consent-request.status-answered': 'records.path.consentOnStatus',
  'consent.notified': 'records.path.consentNotify',
  'consent.notification-acknowledged': 'records.path.consentOnNotify',
  'consent.fetch-asked': 'records.path.consentFetch',
  'consent.fetched': 'records.path.consentOnFetch',
  'health-information.requested': 'records.path.hiRequest',
  'health-information.request-acknowledged': 'records.path.hiOnRequest',
  'health-information.pushed': 'records.path.dataPush',
  'health-information.transfer-reported': 'records.path.hiNotify',
  'profile.shared': 'records.path.profileShare',
  'profile.share-answered': 'records.path.profileOnShare',
};

/** The words of a timeline row, or null for a row main has no name for (the screen shows its path). */
export function messageKey(message: TimelineMessage | null): StringKey | null {
  return message ? MESSAGE_WORDS[message] : null;
}

/** The consent manager's codes that the Records screens word themselves (KYC, consents), with the plain words' key. */
export const GATEWAY_CODES = ['1404', '1405', '1406', '1408', '1410', '1411', '1414', '1416', '1418', '1419', '1420', '1421', '1427', '1428', '1431', '1513', '2429', '2500', 'DENIED', 'TIMEOUT', 'UNREACHABLE'] as const;
export function gatewayCodeKey(code: string | null | undefined): StringKey | null {
  return code && (GATEWAY_CODES as readonly string[]).includes(code) ? (`records.code.${code}` as StringKey) : null;
}

/**
 * When a request's records leave this desk (HIU_FLOW_104's "expiry"): `erased` once every artefact's records were
 * erased (the latest of those times); `erase-on` while records are or may be held, from the live artefacts' own
 * `dataEraseAt` (the patient may have shortened what was asked; HIPs may differ, hence first and last), else the
 * date asked for while the patient has not answered; `none` when no record can come (denied, not sent, no answer,
 * or ended before any artefact).
 */
export type EraseWhen = { kind: 'erased'; at: string } | { kind: 'erase-on'; first: string; last: string } | { kind: 'none' };

export function eraseWhen(consent: ConsentView): EraseWhen {
  const artefacts = consent.artefacts;
  const erased = artefacts.map((artefact) => artefact.erasedAt);
  if (artefacts.length > 0 && erased.every((at): at is string => at !== null)) return { kind: 'erased', at: [...erased].sort().at(-1)! };
  const live = artefacts.filter((artefact) => artefact.status === 'GRANTED' && artefact.erasedAt === null);
  const dates = live.map((artefact) => artefact.dataEraseAt ?? consent.dataEraseAt).sort();
  if (dates.length > 0) return { kind: 'erase-on', first: dates[0]!, last: dates.at(-1)! };
  if (consent.status === 'SENDING' || consent.status === 'REQUESTED' || (consent.status === 'GRANTED' && artefacts.length === 0)) {
    return { kind: 'erase-on', first: consent.dataEraseAt, last: consent.dataEraseAt };
  }
  return { kind: 'none' };
}

/** Whether a request asked for every kind of record its API offers (v0.5's seven, or those and Invoice on v3). */
export function asksEveryType(hiTypes: readonly string[]): boolean {
  return HI_TYPES_EVERYWHERE.every((type) => hiTypes.includes(type));
}
