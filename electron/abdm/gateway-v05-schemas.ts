// The bodies of the gateway v0.5 callbacks an HIU receives, and of a HIP's data push, after
// reference/spec/official/ndhm-hiu.yml. Unknown fields pass (the gateway adds some); missing required ones do not.
import { z } from 'zod';
import type { CallbackKind } from './gateway-generation';

const requestId = z.string().min(1).max(100);
const envelope = { requestId, timestamp: z.string().min(1).max(64) };
const resp = z.object({ requestId }).loose();

const callback = z.object({ ...envelope, resp }).loose();
const notification = z.object({ ...envelope }).loose();

export const V05_CALLBACK_SCHEMAS: Record<CallbackKind, z.ZodType> = {
  'patients.onFind': callback,
  'auth.onFetchModes': callback,
  'auth.onInit': callback,
  'auth.onConfirm': callback,
  'auth.notify': notification,
  'consentRequests.onInit': callback,
  'consentRequests.onStatus': callback,
  'consents.notify': notification,
  'consents.onFetch': callback,
  'healthInformation.onRequest': callback,
  'subscriptionRequests.onInit': callback,
  'subscriptionRequests.notify': notification,
  'subscriptions.notify': notification,
  'patientStatus.notify': notification,
};

export const V05_DATA_PUSH_SCHEMA = z
  .object({
    transactionId: z.string().min(1).max(100),
    pageNumber: z.int().min(1).optional(),
    pageCount: z.int().min(1).optional(),
    entries: z.array(z.object({}).loose()),
    keyMaterial: z.object({}).loose(),
  })
  .loose();
