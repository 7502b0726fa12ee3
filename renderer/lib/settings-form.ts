// The Settings screen edits a copy of the settings and sends main only the fields that changed,
// so a save never overwrites what another window or the language switch changed meanwhile.
import type { Settings, SettingsPatch } from './api';

export type SettingsForm = Omit<Settings, 'schemaVersion' | 'bridge'> & {
  // An emptied number input holds null; it is sent as is so main names the field.
  bridge: Omit<Settings['bridge'], 'port'> & { port: number | null };
};

type TopKey = Exclude<keyof SettingsForm, 'bridge'>;
type BridgeKey = keyof SettingsForm['bridge'];

export function toForm(settings: Settings): SettingsForm {
  const { schemaVersion: _version, bridge, ...fields } = settings;
  return { ...fields, bridge: { ...bridge } };
}

export function changedFields(form: SettingsForm, current: Settings): SettingsPatch | undefined {
  const patch: Record<string, unknown> = {};
  for (const key of topKeys(form)) {
    if (form[key] !== current[key]) patch[key] = form[key];
  }
  const bridge: Record<string, unknown> = {};
  for (const key of bridgeKeys(form)) {
    if (form.bridge[key] !== current.bridge[key]) bridge[key] = form.bridge[key];
  }
  if (Object.keys(bridge).length > 0) patch.bridge = bridge;
  // Values are the operator's raw input; main validates them and answers INVALID_INPUT per field.
  return Object.keys(patch).length > 0 ? (patch as SettingsPatch) : undefined;
}

/** Takes `next` for every field the operator has not touched since `base`; keeps the edits. */
export function rebaseForm(form: SettingsForm, base: SettingsForm, next: SettingsForm): SettingsForm {
  const rebased: SettingsForm = { ...next, bridge: { ...next.bridge } };
  const edited = rebased as Record<TopKey, unknown>;
  for (const key of topKeys(form)) {
    if (form[key] !== base[key]) edited[key] = form[key];
  }
  const editedBridge = rebased.bridge as Record<BridgeKey, unknown>;
  for (const key of bridgeKeys(form)) {
    if (form.bridge[key] !== base.bridge[key]) editedBridge[key] = form.bridge[key];
  }
  return rebased;
}

function topKeys(form: SettingsForm): TopKey[] {
  return (Object.keys(form) as (keyof SettingsForm)[]).filter((key): key is TopKey => key !== 'bridge');
}

function bridgeKeys(form: SettingsForm): BridgeKey[] {
  return Object.keys(form.bridge) as BridgeKey[];
}
