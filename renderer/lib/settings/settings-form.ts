// The Settings screen edits a copy of the settings and sends main only the fields that changed,
// so a save never overwrites what another window or the language switch changed meanwhile.
import type { Settings, SettingsPatch } from '../api';

/** An emptied number input holds null; it is sent as is so main names the field. */
type WithNullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

/**
 * Settings that are optional in the file (added after it first shipped), with the value the form edits while the file
 * has none: the HIP id and facility name empty, no counters, no desk counter, the share tone on, patient numbers
 * starting OPD- (the register's own default). Sending that value unchanged is no change.
 */
export const OPTIONAL_DEFAULTS = {
  hipId: '',
  hipName: '',
  counters: [] as { id: string; name: string }[],
  deskCounter: '',
  counterSound: true,
  patientNumberPrefix: 'OPD-',
  // The clinic as an HIP (issue 26): no doctors named, this desk keeps the records, no SMS gateway (an empty address).
  doctors: [] as string[],
  keepsClinicRecords: true,
  smsGateway: { url: '', method: 'POST', keyHeader: '', bodyTemplate: '', contentType: 'application/json' } as SmsGatewayForm,
};
type SmsGatewayForm = NonNullable<Settings['smsGateway']>;
type Optional = keyof typeof OPTIONAL_DEFAULTS;

export type SettingsForm = Omit<WithNullable<Settings, 'idleCloseMinutes'>, 'schemaVersion' | Optional | Group> & typeof OPTIONAL_DEFAULTS & {
  bridge: WithNullable<Settings['bridge'], 'port' | 'dataPushLimitMb'>;
  hiu: WithNullable<Settings['hiu'], 'answerTimeoutSeconds'>;
};

/** The nested settings objects; main takes a partial patch of each. */
const GROUPS = ['bridge', 'hiu'] as const;
type Group = (typeof GROUPS)[number];
type TopKey = Exclude<keyof SettingsForm, Group>;
type Flat = Record<string, unknown>;

export function toForm(settings: Settings): SettingsForm {
  const { schemaVersion: _version, bridge, hiu, ...fields } = settings;
  return {
    ...fields,
    hipId: fields.hipId ?? OPTIONAL_DEFAULTS.hipId,
    hipName: fields.hipName ?? OPTIONAL_DEFAULTS.hipName,
    counters: (fields.counters ?? []).map((counter) => ({ ...counter })),
    deskCounter: fields.deskCounter ?? OPTIONAL_DEFAULTS.deskCounter,
    counterSound: fields.counterSound ?? OPTIONAL_DEFAULTS.counterSound,
    patientNumberPrefix: fields.patientNumberPrefix ?? OPTIONAL_DEFAULTS.patientNumberPrefix,
    doctors: [...(fields.doctors ?? OPTIONAL_DEFAULTS.doctors)],
    keepsClinicRecords: fields.keepsClinicRecords ?? OPTIONAL_DEFAULTS.keepsClinicRecords,
    // In the defaults' key order, so an untouched gateway compares equal to the one saved.
    smsGateway: { ...OPTIONAL_DEFAULTS.smsGateway, ...fields.smsGateway },
    bridge: { ...bridge },
    hiu: { ...hiu },
  };
}

export function changedFields(form: SettingsForm, current: Settings): SettingsPatch | undefined {
  const patch: Flat = {};
  for (const key of topKeys(form)) {
    // An optional setting left at its default where the settings have none is no change.
    const now = current[key as keyof Settings] ?? (OPTIONAL_DEFAULTS as Flat)[key];
    if (!same(form[key], now)) patch[key] = form[key];
  }
  // No desk counter is not a counter id: a desk that served one keeps it until another is chosen.
  if (patch.deskCounter === '') delete patch.deskCounter;
  // A doctor's row left empty is no doctor (a half-added row is not refused as an empty name).
  if (Array.isArray(patch.doctors)) {
    patch.doctors = (patch.doctors as string[]).map((name) => name.trim()).filter((name) => name !== '');
    if (same(patch.doctors, current.doctors ?? OPTIONAL_DEFAULTS.doctors)) delete patch.doctors;
  }
  for (const group of GROUPS) {
    const edited: Flat = {};
    const now = current[group] as Flat;
    for (const [key, value] of Object.entries(form[group])) {
      if (value !== now[key]) edited[key] = value;
    }
    if (Object.keys(edited).length > 0) patch[group] = edited;
  }
  // Values are the operator's raw input; main validates them and answers INVALID_INPUT per field.
  return Object.keys(patch).length > 0 ? (patch as SettingsPatch) : undefined;
}

/** Takes `next` for every field the operator has not touched since `base`; keeps the edits. */
export function rebaseForm(form: SettingsForm, base: SettingsForm, next: SettingsForm): SettingsForm {
  const rebased: SettingsForm = { ...next, bridge: { ...next.bridge }, hiu: { ...next.hiu } };
  const edited = rebased as Record<TopKey, unknown>;
  for (const key of topKeys(form)) {
    if (!same(form[key], base[key])) edited[key] = form[key];
  }
  for (const group of GROUPS) {
    const target = rebased[group] as Flat;
    const before = base[group] as Flat;
    for (const [key, value] of Object.entries(form[group])) {
      if (value !== before[key]) target[key] = value;
    }
  }
  return rebased;
}

/** Equal values; a list (the counters) by its items. */
function same(a: unknown, b: unknown): boolean {
  return typeof a === 'object' && a !== null ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

function topKeys(form: SettingsForm): TopKey[] {
  return (Object.keys(form) as (keyof SettingsForm)[]).filter((key): key is TopKey => !(GROUPS as readonly string[]).includes(key));
}
