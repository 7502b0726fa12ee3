import { z } from 'zod';

// Behaviour of the HIU-facing gateway, consent manager and demo HIPs. Every delay can be zero.

const decision = z.enum(['GRANTED', 'DENIED', 'manual']);

export const hiuSettingsSchema = z.object({
  /** Pause before a callback is sent (real ms). */
  callbackDelayMs: z.number().int().min(0).max(600_000),
  /** The gateway gives a bridge 5 s to answer. */
  callbackTimeoutMs: z.number().int().min(1).max(120_000),
  /** Extra delivery attempts after a failure; the real gateway makes none. */
  callbackRetries: z.number().int().min(0).max(10),
  callbackRetryDelayMs: z.number().int().min(0).max(60_000),
  /** What the patient does with a consent request, and after how long. */
  consentDecision: decision,
  consentDecisionDelayMs: z.number().int().min(0).max(3_600_000),
  subscriptionDecision: decision,
  subscriptionDecisionDelayMs: z.number().int().min(0).max(3_600_000),
  /** DIRECT authentication: what the patient answers on their phone. */
  directAuthDecision: decision,
  directAuthDelayMs: z.number().int().min(0).max(3_600_000),
  /** Pause between on-request and the HIP's first data push. */
  dataPushDelayMs: z.number().int().min(0).max(600_000),
  dataPushTimeoutMs: z.number().int().min(1).max(600_000),
  /** Entries (encrypted bundles) per pushed page. */
  pageSize: z.number().int().min(1).max(1000),
  /** Pad each pushed bundle to about this many bytes (benchmarks); unset = natural size. */
  bundleTargetBytes: z.number().int().min(1).max(200_000_000).optional(),
  /** Real HIPs push without a token; set to send a gateway-signed one. */
  dataPushWithToken: z.boolean(),
  /**
   * How consent-manager refusals reach the HIU: `cm` = the CM's own code (1414, 1420…) in the
   * callback; `gateway` = the ProjectEKA gateway's wrapping (code 2500, CM message, no timestamp).
   */
  cmErrorStyle: z.enum(['cm', 'gateway']),
  /** HIU id used when a notification has no HIU of its own to name. */
  defaultHiuId: z.string().min(1),
});

export type HiuSettings = z.infer<typeof hiuSettingsSchema>;

export const DEFAULT_HIU_SETTINGS: HiuSettings = {
  callbackDelayMs: 50,
  callbackTimeoutMs: 5000,
  callbackRetries: 0,
  callbackRetryDelayMs: 1000,
  consentDecision: 'GRANTED',
  consentDecisionDelayMs: 200,
  subscriptionDecision: 'GRANTED',
  subscriptionDecisionDelayMs: 200,
  directAuthDecision: 'GRANTED',
  directAuthDelayMs: 200,
  dataPushDelayMs: 100,
  dataPushTimeoutMs: 60_000,
  pageSize: 5,
  dataPushWithToken: false,
  cmErrorStyle: 'cm',
  defaultHiuId: 'HIU-ABHADESK-TRAINING',
};

/** Every delay set to zero: what embedded tests and the flow benchmark use. */
export const IMMEDIATE_HIU_SETTINGS: Partial<HiuSettings> = {
  callbackDelayMs: 0,
  consentDecisionDelayMs: 0,
  subscriptionDecisionDelayMs: 0,
  directAuthDelayMs: 0,
  dataPushDelayMs: 0,
};

export function resolveHiuSettings(base: HiuSettings, changes: unknown): HiuSettings {
  const partial = hiuSettingsSchema.partial().strict().safeParse(changes ?? {});
  if (!partial.success) {
    const issue = partial.error.issues[0];
    throw new Error(`invalid HIU sandbox setting ${issue?.path.join('.') || ''}: ${issue?.message ?? 'invalid'}`);
  }
  return { ...base, ...partial.data };
}
