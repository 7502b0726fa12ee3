// The HIP's own lists: every request it sends the gateway and every callback it receives, on any generation.
// The role registers them with the pipeline (hip-role.ts). Issue 25 brought Scan & Share; issue 26 the clinic as a
// health-information provider: linking visits (care contexts) to the patient's ABHA, consents at the HIP, and
// health-information requests (reference/spec/abdm-frontdesk.md §3). On the legacy generation the link token comes
// from `users/auth/*` with purpose LINK: those are the HIU's `auth.*` operations and callbacks (one path serves both
// roles there), so they are not listed again here (docs/hip.md).

/** Every request an HIP sends to the gateway, acknowledgements included. */
export const HIP_OPERATIONS = [
  'profile.onShare',
  // v3 `token/generate-token`: a link token by demographics (answered by linkToken.onGenerate).
  'linkToken.generate',
  // v3 `link/carecontext` with X-LINK-TOKEN; v0.5 `links/link/add-contexts` with the token in the body.
  'links.addCareContexts',
  // New data on a linked care context: `link/context/notify` (v3), `links/context/notify` (v0.5).
  'links.contextNotify',
  // The SMS deep link for a patient with no ABHA address known: `patients/sms/notify2`.
  'sms.notify',
  // Answers to the patient's app (news nobody at the desk asked for): acknowledgements.
  'careContexts.onDiscover',
  'link.onInit',
  'link.onConfirm',
  'consents.hipOnNotify',
  'healthInformation.hipOnRequest',
  // The HIP's end-of-transfer notification (notifier HIP, DELIVERED/ERRORED per care context).
  'healthInformation.hipNotify',
] as const;
export type HipOperation = (typeof HIP_OPERATIONS)[number];

/** Every callback the gateway sends an HIP. */
export const HIP_CALLBACK_KINDS = [
  'profile.share',
  'linkToken.onGenerate',
  'links.onAddCareContexts',
  'links.onContextNotify',
  'sms.onNotify',
  'careContexts.discover',
  'link.init',
  'link.confirm',
  'consents.hipNotify',
  'healthInformation.hipRequest',
] as const;
export type HipCallbackKind = (typeof HIP_CALLBACK_KINDS)[number];

/** Answers to news nobody at the desk asked for: they expect no callback of their own. */
export const HIP_ACKNOWLEDGEMENTS: ReadonlySet<string> = new Set<HipOperation>([
  'profile.onShare',
  'careContexts.onDiscover',
  'link.onInit',
  'link.onConfirm',
  'consents.hipOnNotify',
  'healthInformation.hipOnRequest',
  'healthInformation.hipNotify',
]);
