// The Settings screen edits a copy of the settings and sends main only the fields that changed,
// so a save never overwrites what another window or the language switch changed meanwhile.
import type { Settings, SettingsPatch } from '../api';

/** An emptied number input holds null; it is sent as is so main names the field. */
type WithNullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

export type SettingsForm = Omit<WithNullable<Settings, 'idleCloseMinutes'>, 'schemaVersion' | 'hipId' | Group> & {
  /** Absent in settings from before the HIP role: edited as empty. */
  hipId: string;
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
  return { ...fields, hipId: fields.hipId ?? '', bridge: { ...bridge }, hiu: { ...hiu } };
}

export function changedFields(form: SettingsForm, current: Settings): SettingsPatch | undefined {
  const patch: Flat = {};
  for (const key of topKeys(form)) {
    // An optional text (the HIP id) left empty where the settings have none is no change.
    if (form[key] !== current[key] && !(form[key] === '' && current[key] === undefined)) patch[key] = form[key];
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
    if (form[key] !== base[key]) edited[key] = form[key];
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

function topKeys(form: SettingsForm): TopKey[] {
  return (Object.keys(form) as (keyof SettingsForm)[]).filter((key): key is TopKey => !(GROUPS as readonly string[]).includes(key));
}
