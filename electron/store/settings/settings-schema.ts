// The shape of the settings file, and the defaults a fresh install starts with.
import { z } from 'zod';
import { ABDM_APIS } from '../../shared/abdm-api';
import { httpUrl, plainText, secureUrl } from '../../validation/fields';

export { ABDM_APIS, type AbdmApi } from '../../shared/abdm-api';

export const ENVIRONMENTS = ['training', 'abdm-sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The version of the layout below; bump it together with a new step in settings-migrations.ts. */
export const SETTINGS_VERSION = 7;

// The callback URL ABDM posts to: empty until the clinic has a public address for the bridge.
const optionalHttpUrl = z.union([z.literal(''), httpUrl]);

/**
 * A whole number from `min` to `max`. Anything else (text, a fraction, an emptied field, a number out of range) is one
 * issue, `whole-number`, carrying both bounds, so Settings can say "Listen port must be a whole number from 1 to 65535"
 * in the operator's language instead of a half-range from the schema library.
 */
const wholeNumber = (min: number, max: number) =>
  z.custom<number>((value) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max, {
    error: 'whole-number',
    params: { min, max },
  });

/**
 * How callbacks reach this desk: `direct` (the bridge listens here, behind the clinic's public URL) or `relay` (the
 * clinic's relay takes them at its public address and hands them over a WebSocket this desk opens; docs/bridge.md).
 */
export const BRIDGE_MODES = ['direct', 'relay'] as const;
export type BridgeMode = (typeof BRIDGE_MODES)[number];

export const bridgeSchema = z.object({
  mode: z.enum(BRIDGE_MODES),
  /**
   * The relay's base URL: https://, or http:// only to this computer (the desk sends its credential and receives records
   * there). Its desk credential is in the keychain, never here. Empty until set.
   */
  relayUrl: z.union([z.literal(''), secureUrl]),
  host: plainText(253).pipe(z.string().min(1)),
  port: wholeNumber(1, 65_535),
  publicUrl: optionalHttpUrl,
  /** The largest data-push page the bridge takes, in MiB (callbacks are capped at 1 MiB). */
  dataPushLimitMb: wholeNumber(1, 1024),
});

/** A counter's id as it travels in the QR and in `metaData.context`. */
export const counterId = z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, { error: 'counter-id' });
export const counterSchema = z.object({ id: counterId, name: plainText(60).pipe(z.string().min(1)) }).strict();
export type Counter = z.infer<typeof counterSchema>;

/** How the app acts as an HIU: the doctor named on consent requests, and how long to wait for the gateway. */
export const hiuSchema = z.object({
  requesterName: plainText(100),
  /** The doctor's registration number (identifier type REGNO). */
  requesterRegistrationNumber: plainText(50),
  /** The register that issued it, e.g. https://www.mciindia.org. */
  requesterRegistrationSystem: optionalHttpUrl,
  /** A request whose callback has not come after this long is marked timed out. */
  answerTimeoutSeconds: wholeNumber(5, 3600),
  /** On a subscription's DATA event for a patient with a live consent, request the new records at once. */
  fetchOnDataEvent: z.boolean(),
});

export const settingsSchema = z.object({
  schemaVersion: z.int().min(1),
  environment: z.enum(ENVIRONMENTS),
  abdmApi: z.enum(ABDM_APIS),
  /** Legacy API: Health ID v1 and gateway v0.5. */
  healthIdBaseUrl: httpUrl,
  gatewayBaseUrl: httpUrl,
  /** Current API: ABHA v3 and HIE-CM v3 (whose /gateway/v3 issues sessions and certs). */
  abhaV3BaseUrl: httpUrl,
  hiecmBaseUrl: httpUrl,
  clientId: plainText(200),
  hiuId: plainText(200),
  /**
   * The facility's HFR id, which ABDM calls the clinic by as an HIP (X-HIP-ID). Empty or absent: the HIP role is off
   * and the bridge serves none of its callbacks. Absent from older files and from the defaults, so no migration step
   * is needed: an install from before the HIP role simply has it off.
   */
  hipId: plainText(200).optional(),
  // The registration counter (issue 25). Each is optional, so no migration step: an older file has no counters yet.
  /** The facility's name as the counter's QR poster and the patient's phone show it. */
  hipName: plainText(150).optional(),
  /**
   * The clinic's counters: the id comes back from ABDM as a share's `metaData.context` (abdm-frontdesk.md §1: short
   * text of letters, digits, space, dot, dash, underscore), the name is what the poster and the Counter screen say.
   */
  counters: z.array(counterSchema).max(50).optional(),
  /** The counter this desk serves: its shares reach this desk first, and the Counter screen opens on it. */
  deskCounter: counterId.optional(),
  /** A short sound when a new share arrives at this desk's counter. */
  counterSound: z.boolean().optional(),
  /** The clinic's own patient numbers start with this (OPD-000123). */
  patientNumberPrefix: z.string().trim().max(12).regex(/^[A-Za-z0-9/-]*$/, { error: 'patient-number-prefix' }).optional(),
  // The clinic as an HIP (issue 26, docs/hip.md). Optional, so no migration step.
  /** The clinic's doctors: a visit names one ("OPD visit, 27-11-2026, Dr. Rao"); the first is the default. */
  doctors: z.array(plainText(100).pipe(z.string().min(1))).max(50).optional(),
  /**
   * Whether this desk keeps the clinic's health records as an HIP (visits, documents, consents at the HIP). With a
   * relay, one desk of the clinic does: ABDM's consents and requests for records reach it. Default: true.
   */
  keepsClinicRecords: z.boolean().optional(),
  /**
   * The SMS gateway the HIP sends its own OTP through (patient-initiated linking): a generic HTTP SMS API. The key is
   * a secret, kept in the keychain (account `sms-gateway-key`), sent in `keyHeader`. `bodyTemplate` is JSON or form
   * text with {{mobile}} and {{message}} filled in. Absent: in training the simulator takes the SMS; else no OTP can go.
   */
  smsGateway: z
    .object({
      url: httpUrl,
      method: z.enum(['POST', 'PUT']),
      keyHeader: z.string().trim().max(100).regex(/^[A-Za-z0-9-]*$/, { error: 'header-name' }),
      bodyTemplate: z.string().max(2000),
      contentType: z.enum(['application/json', 'application/x-www-form-urlencoded']),
    })
    .strict()
    .optional(),
  // The CM suffix of ABHA addresses: 'sbx' in the sandbox, 'abdm' in production.
  cmId: z.string().trim().max(50).regex(/^[a-z0-9-]+$/i, { error: 'cm-id' }),
  operatorName: plainText(100),
  /** The clinic as its printed health records name it (the HIU id stands in while it is empty). */
  clinicName: plainText(150),
  language: z.enum(['en', 'hi']),
  printerLayout: z.enum(['a4', 'cr80']),
  /**
   * A shared desk: after this many minutes without a key press or click the open patient is closed (and any Aadhaar
   * number typed into a form is cleared). 0 = never; at most two hours, so a desk left alone never shows a patient all day.
   */
  idleCloseMinutes: wholeNumber(0, 120),
  bridge: bridgeSchema,
  hiu: hiuSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

// Strict at both levels so a misspelt key is reported by name instead of silently ignored.
export const settingsPatchSchema = settingsSchema
  .omit({ schemaVersion: true })
  .extend({ bridge: bridgeSchema.partial().strict(), hiu: hiuSchema.partial().strict() })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The settings an environment presets; the operator may change each by hand. */
export const PRESET_KEYS = ['abdmApi', 'healthIdBaseUrl', 'gatewayBaseUrl', 'abhaV3BaseUrl', 'hiecmBaseUrl', 'cmId'] as const;

/**
 * Where each environment's ABDM services live (hosts from reference/spec/healthid-v1.md, gateway-v05.md and
 * abdm-v3.md §1). Every environment starts on the current API; training can show either.
 */
export const ENVIRONMENT_PRESETS: Record<Environment, Pick<Settings, (typeof PRESET_KEYS)[number]>> = {
  // Training talks to the embedded sandbox; the URLs are kept only so switching back is painless.
  training: {
    abdmApi: 'v3',
    healthIdBaseUrl: 'https://healthidsbx.abdm.gov.in/api/v1',
    gatewayBaseUrl: 'https://dev.abdm.gov.in/gateway',
    abhaV3BaseUrl: 'https://abhasbx.abdm.gov.in/abha/api/v3',
    hiecmBaseUrl: 'https://dev.abdm.gov.in/api/hiecm',
    cmId: 'sbx',
  },
  'abdm-sandbox': {
    abdmApi: 'v3',
    healthIdBaseUrl: 'https://healthidsbx.abdm.gov.in/api/v1',
    gatewayBaseUrl: 'https://dev.abdm.gov.in/gateway',
    abhaV3BaseUrl: 'https://abhasbx.abdm.gov.in/abha/api/v3',
    hiecmBaseUrl: 'https://dev.abdm.gov.in/api/hiecm',
    cmId: 'sbx',
  },
  // The v0.5 production gateway host is not documented officially; see docs/storage.md.
  // The production ABHA v3 host is a third party's (abdm-v3.md §1, confidence L); check it before going live.
  production: {
    abdmApi: 'v3',
    healthIdBaseUrl: 'https://healthid.abdm.gov.in/api/v1',
    gatewayBaseUrl: 'https://live.abdm.gov.in/gateway',
    abhaV3BaseUrl: 'https://abha.abdm.gov.in/api/abha/v3',
    hiecmBaseUrl: 'https://apis.abdm.gov.in/api/hiecm',
    cmId: 'abdm',
  },
};

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  schemaVersion: SETTINGS_VERSION,
  environment: 'training',
  ...ENVIRONMENT_PRESETS.training,
  clientId: '',
  hiuId: '',
  operatorName: '',
  clinicName: '',
  language: 'en',
  printerLayout: 'a4',
  idleCloseMinutes: 5,
  bridge: Object.freeze({ mode: 'direct', relayUrl: '', host: '127.0.0.1', port: 8765, publicUrl: '', dataPushLimitMb: 64 }),
  hiu: Object.freeze({
    requesterName: '',
    requesterRegistrationNumber: '',
    requesterRegistrationSystem: 'https://www.mciindia.org',
    answerTimeoutSeconds: 60,
    fetchOnDataEvent: false,
  }),
}) as Settings;
