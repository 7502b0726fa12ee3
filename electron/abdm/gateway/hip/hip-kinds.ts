// The HIP's own lists: every request it sends the gateway and every callback it receives, on any generation.
// The role registers them with the pipeline (hip-role.ts). Issue 25 brings Scan & Share; issue 26 adds linking,
// consent notifications and health-information requests here.

/** Every request an HIP sends to the gateway, acknowledgements included. */
export const HIP_OPERATIONS = ['profile.onShare'] as const;
export type HipOperation = (typeof HIP_OPERATIONS)[number];

/** Every callback the gateway sends an HIP. */
export const HIP_CALLBACK_KINDS = ['profile.share'] as const;
export type HipCallbackKind = (typeof HIP_CALLBACK_KINDS)[number];

/** Answers to news nobody at the desk asked for: they expect no callback of their own. */
export const HIP_ACKNOWLEDGEMENTS: ReadonlySet<string> = new Set<HipOperation>(['profile.onShare']);
