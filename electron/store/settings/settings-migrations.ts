// Brings whatever is in the settings file up to the current layout without ever throwing:
// older versions are migrated step by step, then every field that is missing or invalid
// falls back to its default while the valid fields are kept.
import { z } from 'zod';
import { isObject } from '../../shared/is-object';
import { DEFAULT_SETTINGS, SETTINGS_VERSION, settingsSchema, type Settings } from './settings-schema';

type RawSettings = Record<string, unknown>;

export interface SettingsMigration {
  /** The version this step reads; it produces version `from + 1`. */
  from: number;
  name: string;
  up(raw: RawSettings): RawSettings;
}

export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [
  {
    from: 1,
    name: 'nest bridge settings, rename environment "sandbox" to "abdm-sandbox"',
    up({ bridgeHost, bridgePort, bridgePublicUrl, ...rest }) {
      const bridge = isObject(rest.bridge) ? rest.bridge : {};
      return {
        ...rest,
        environment: rest.environment === 'sandbox' ? 'abdm-sandbox' : rest.environment,
        bridge: { host: bridgeHost, port: bridgePort, publicUrl: bridgePublicUrl, ...bridge },
      };
    },
  },
  {
    from: 2,
    name: 'add bridge.dataPushLimitMb and the hiu settings (requester doctor, answer timeout, DATA-event fetch)',
    // The values version 3 started with, written out so this step stays the same when the defaults move on.
    up(raw) {
      const bridge = isObject(raw.bridge) ? raw.bridge : {};
      const hiu = isObject(raw.hiu) ? raw.hiu : {};
      return {
        ...raw,
        bridge: { dataPushLimitMb: 64, ...bridge },
        hiu: {
          requesterName: '',
          requesterRegistrationNumber: '',
          requesterRegistrationSystem: 'https://www.mciindia.org',
          answerTimeoutSeconds: 60,
          fetchOnDataEvent: false,
          ...hiu,
        },
      };
    },
  },
  {
    from: 3,
    name: 'add clinicName (the header of printed health records)',
    up(raw) {
      return { clinicName: '', ...raw };
    },
  },
  {
    from: 4,
    name: 'add abdmApi and the ABHA v3 / HIE-CM v3 URLs',
    // An install from before v3 was working on v1 / v0.5: it stays there until the operator switches, so an
    // update never moves a clinic onto credentials and URLs it has not tried (docs/decisions.md). The v3 URLs
    // are the stored environment's, written out so this step stays the same when the presets move on.
    up(raw) {
      const production = raw.environment === 'production';
      return {
        abdmApi: 'v1',
        abhaV3BaseUrl: production ? 'https://abha.abdm.gov.in/api/abha/v3' : 'https://abhasbx.abdm.gov.in/abha/api/v3',
        hiecmBaseUrl: production ? 'https://apis.abdm.gov.in/api/hiecm' : 'https://dev.abdm.gov.in/api/hiecm',
        ...raw,
      };
    },
  },
  {
    from: 5,
    name: 'add bridge.mode and bridge.relayUrl (callbacks through the clinic relay)',
    // Every install from before the relay takes its callbacks directly, as it did.
    up(raw) {
      const bridge = isObject(raw.bridge) ? raw.bridge : {};
      return { ...raw, bridge: { mode: 'direct', relayUrl: '', ...bridge } };
    },
  },
  {
    from: 6,
    name: 'add idleCloseMinutes (close the open patient after that much inactivity)',
    // Five minutes, written out so this step stays the same when the default moves on.
    up(raw) {
      return { idleCloseMinutes: 5, ...raw };
    },
  },
];

export interface MigratedSettings {
  settings: Settings;
  /** The version found in the file (1 when the file had none). */
  fromVersion: number;
  /** Dotted paths of fields that were missing or invalid and now hold their default. */
  repaired: string[];
}

export function migrateSettings(stored: unknown): MigratedSettings {
  let raw: RawSettings = isObject(stored) ? { ...stored } : {};
  const freshInstall = Object.keys(raw).length === 0;
  const fromVersion = storedVersion(raw);
  // A fresh install starts from today's defaults; the steps describe what older files meant.
  for (const step of freshInstall ? [] : SETTINGS_MIGRATIONS) {
    if (step.from >= fromVersion && step.from < SETTINGS_VERSION) raw = step.up(raw);
  }
  // A file from a newer build is read as far as this build understands it.
  raw.schemaVersion = SETTINGS_VERSION;
  const repaired: string[] = [];
  const settings = repairObject(settingsSchema, raw, DEFAULT_SETTINGS, '', repaired) as Settings;
  // Defaults filling an empty file are a fresh install, not a repair.
  return { settings, fromVersion, repaired: freshInstall ? [] : repaired };
}

function storedVersion(raw: RawSettings): number {
  const version = raw.schemaVersion;
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : 1;
}

function repairObject(
  schema: z.ZodObject,
  raw: unknown,
  defaults: Record<string, unknown>,
  prefix: string,
  repaired: string[],
): Record<string, unknown> {
  const source = isObject(raw) ? raw : {};
  const result: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(schema.shape)) {
    const fallback = defaults[key];
    const path = prefix + key;
    if (fieldSchema instanceof z.ZodObject) {
      result[key] = repairObject(fieldSchema, source[key], fallback as Record<string, unknown>, `${path}.`, repaired);
      continue;
    }
    const parsed = fieldSchema.safeParse(source[key]);
    if (parsed.success) {
      result[key] = parsed.data;
    } else {
      result[key] = structuredClone(fallback);
      repaired.push(path);
    }
  }
  return result;
}
