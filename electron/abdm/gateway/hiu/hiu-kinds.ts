// The HIU's own lists: every request it sends the gateway and every callback it receives, on any generation.
// The role registers them with the pipeline (electron/abdm/gateway/hiu/hiu-role.ts); a HIP keeps lists of its own.

/** Every request an HIU sends to the gateway, acknowledgements included. */
export const HIU_OPERATIONS = [
  'patients.find',
  'auth.fetchModes',
  'auth.init',
  'auth.confirm',
  'auth.onNotify',
  'consentRequests.init',
  'consentRequests.status',
  'consents.fetch',
  'consents.onNotify',
  'healthInformation.request',
  'healthInformation.notify',
  'subscriptionRequests.init',
  'subscriptionRequests.onNotify',
  'subscriptions.onNotify',
  'patientStatus.onNotify',
] as const;
export type HiuOperation = (typeof HIU_OPERATIONS)[number];

/** Every callback the gateway sends an HIU. */
export const HIU_CALLBACK_KINDS = [
  'patients.onFind',
  'auth.onFetchModes',
  'auth.onInit',
  'auth.onConfirm',
  'auth.notify',
  'consentRequests.onInit',
  'consentRequests.onStatus',
  'consents.notify',
  'consents.onFetch',
  'healthInformation.onRequest',
  'subscriptionRequests.onInit',
  'subscriptionRequests.notify',
  'subscriptions.notify',
  'patientStatus.notify',
] as const;
export type HiuCallbackKind = (typeof HIU_CALLBACK_KINDS)[number];

/** Operations that answer a notification: they expect no callback of their own. */
export const HIU_ACKNOWLEDGEMENTS: ReadonlySet<HiuOperation> = new Set([
  'auth.onNotify',
  'consents.onNotify',
  'healthInformation.notify',
  'subscriptionRequests.onNotify',
  'subscriptions.onNotify',
  'patientStatus.onNotify',
]);
