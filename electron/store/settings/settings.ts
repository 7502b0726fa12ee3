// The settings the operator edits, kept in a JSON file by electron-store (main) or its `conf` core (tests, web mode).
import { chmodSync, existsSync } from 'node:fs';
import Conf from 'conf';
import { AppFailure } from '../../shared/errors';
import { parseFields } from '../../validation/field-issues';
import type { FieldIssue } from '../../shared/errors';
import { migrateSettings } from './settings-migrations';
import {
  ENVIRONMENT_PRESETS,
  PRESET_KEYS,
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from './settings-schema';

/** The part of conf's API the store uses; electron-store is a Conf subclass, so either fits. */
export interface ConfLike {
  readonly path: string;
  store: Record<string, unknown>;
}

export interface SettingsStore {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
  readonly path: string;
  /** Fields that were missing or invalid in the file and were reset to their default when it was opened. */
  readonly repaired: readonly string[];
}

/** The settings file is `settings.json` (conf calls this `configName`, electron-store `name`). */
export const SETTINGS_FILE_NAME = 'settings';

/**
 * The file names the clinic's HIU id, the doctor and their registration number: readable by this user only, as
 * every other file of the desk is (docs/storage.md).
 */
export const SETTINGS_FILE_MODE = 0o600;

/**
 * Options for the backing Conf and ElectronStore alike (the Electron backend spreads this same object).
 * A file that is not JSON at all is replaced by defaults instead of stopping the app; fields that are
 * merely invalid are repaired one by one by the store. `configFileMode` is set on every write.
 */
export const SETTINGS_FILE_OPTIONS = {
  clearInvalidConfig: true,
  accessPropertiesByDotNotation: false,
  configFileMode: SETTINGS_FILE_MODE,
} as const;

/** A refused settings change: INVALID_INPUT with every refused field. */
export class SettingsValidationError extends AppFailure {
  constructor(fields: FieldIssue[]) {
    super('INVALID_INPUT', { fields });
    this.name = 'SettingsValidationError';
  }
}

export function createSettingsStore(backend: ConfLike): SettingsStore {
  const { settings, repaired } = migrateSettings(backend.store);
  let current = deepFrozen(settings);
  if (!sameJson(backend.store, current)) backend.store = current;
  makePrivate(backend.path);

  // Every caller gets the same frozen object, not a copy: main reads a setting or two on almost every call (a copy each
  // time showed in the profile of an enrolment), and nobody can change the settings except through update().
  return {
    path: backend.path,
    repaired,
    get: () => current,
    update(patch) {
      const next = deepFrozen(applySettingsPatch(current, patch));
      backend.store = next;
      current = next;
      return current;
    },
  };
}

/** Freezes every object inside too, including those under an object frozen already (DEFAULT_SETTINGS shares its own). */
function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}

export function openConfSettings(dir: string): SettingsStore {
  return createSettingsStore(new Conf<Record<string, unknown>>({ cwd: dir, configName: SETTINGS_FILE_NAME, ...SETTINGS_FILE_OPTIONS }));
}

/** Validates a patch and merges it; throws SettingsValidationError naming the offending field. */
export function applySettingsPatch(current: Settings, patch: unknown): Settings {
  const parsedPatch = parseFields(settingsPatchSchema, patch);
  if (!parsedPatch.ok) throw new SettingsValidationError(parsedPatch.fields);
  const { bridge, hiu, ...fields } = parsedPatch.data;
  const merged = {
    ...current,
    ...followEnvironment(current, parsedPatch.data),
    ...fields,
    bridge: { ...current.bridge, ...bridge },
    hiu: { ...current.hiu, ...hiu },
  };
  const parsed = parseFields(settingsSchema, merged);
  if (!parsed.ok) throw new SettingsValidationError(parsed.fields);
  return parsed.data;
}

/**
 * Switching environment moves the API, service URLs and CM id along with it, but only those the
 * operator has left at the old environment's preset: a hand-entered value is never overwritten.
 */
function followEnvironment(current: Settings, patch: SettingsPatch): Partial<Settings> {
  if (!patch.environment || patch.environment === current.environment) return {};
  const oldPreset = ENVIRONMENT_PRESETS[current.environment];
  const newPreset = ENVIRONMENT_PRESETS[patch.environment];
  const moved: Partial<Settings> = {};
  for (const key of PRESET_KEYS) {
    if (current[key] === oldPreset[key]) Object.assign(moved, { [key]: newPreset[key] });
  }
  return moved;
}

/**
 * A file written by an earlier version (mode 0644) is made private at start, as conf sets the mode only when it
 * writes. Windows keeps only the read-only bit of a mode, which 0600 leaves off.
 */
function makePrivate(file: string): void {
  if (existsSync(file)) chmodSync(file, SETTINGS_FILE_MODE);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
