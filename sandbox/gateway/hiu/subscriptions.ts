import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { HiType } from '../../fhir/ig-catalog';
import type { subscriptionInitBody } from './body-schemas';
import { CM, refuse } from './cm-errors';
import { PURPOSE_CODES } from './consent-requests';
import { findDemoHip, type DemoCareContext } from './demo-directory';
import { timestampMillis } from './gateway-rules';
import type { Caller, HiuWorld } from './hiu-world';
import type { SubscriptionRecord, SubscriptionRequestRecord } from './subscription-records';

// Subscriptions: the HIU asks to hear about a patient's new links (LINK) and new data (DATA);
// the patient approves or denies (subscription-requests/hiu/notify); events then arrive as
// subscriptions/hiu/notify whenever a demo HIP gets a new record for the patient.

export function initSubscriptionRequest(world: HiuWorld, caller: Caller, body: z.infer<typeof subscriptionInitBody>): void {
  const { subscription } = body;
  world.answer(caller, '/subscription-requests/hiu/on-init', body.requestId, () => {
    if (!world.directory.findActive(subscription.patient.id)) refuse(CM.userNotFound, 'Cannot find the user');
    if (!PURPOSE_CODES.includes(subscription.purpose.code)) refuse(CM.invalidPurpose, 'Invalid Purpose');
    if (timestampMillis(subscription.period.from) > timestampMillis(subscription.period.to)) {
      refuse(CM.invalidDateRange, 'Subscription period is invalid');
    }
    const unknownHip = subscription.hips?.find((hip) => !findDemoHip(hip.id));
    if (unknownHip) refuse(CM.invalidProviderOrCareContext, `Unknown HIP ${unknownHip.id}`);
    const record: SubscriptionRequestRecord = {
      id: randomUUID(),
      caller,
      patientId: subscription.patient.id.toLowerCase(),
      purpose: subscription.purpose,
      hipIds: subscription.hips?.map((hip) => hip.id) ?? [],
      categories: subscription.categories,
      period: subscription.period,
      status: 'REQUESTED',
    };
    world.subscriptionRequests.set(record.id, record);
    world.rememberContact(record.patientId, caller);
    scheduleDecision(world, record);
    return { subscriptionRequest: { id: record.id } };
  });
}

function scheduleDecision(world: HiuWorld, record: SubscriptionRequestRecord): void {
  const { subscriptionDecision, subscriptionDecisionDelayMs } = world.settings;
  if (subscriptionDecision === 'manual') return;
  world.later(subscriptionDecisionDelayMs, () => record.status === 'REQUESTED' && decideSubscriptionRequest(world, record.id, subscriptionDecision));
}

export function decideSubscriptionRequest(world: HiuWorld, id: string, decision: 'GRANTED' | 'DENIED'): SubscriptionRequestRecord {
  const record = world.subscriptionRequests.get(id);
  if (!record) throw new Error(`no subscription request ${id}`);
  if (record.status !== 'REQUESTED') throw new Error(`subscription request ${id} is ${record.status}, not REQUESTED`);
  record.status = decision;
  if (decision === 'DENIED') {
    world.notify(record.caller, '/subscription-requests/hiu/notify', { notification: { subscriptionRequestId: id, status: 'DENIED' } });
    return record;
  }
  const subscription: SubscriptionRecord = {
    id: randomUUID(),
    requestId: id,
    caller: record.caller,
    patientId: record.patientId,
    hipIds: record.hipIds,
    categories: record.categories,
    period: record.period,
    status: 'GRANTED',
    events: [],
  };
  record.subscriptionId = subscription.id;
  world.subscriptions.set(subscription.id, subscription);
  world.notify(record.caller, '/subscription-requests/hiu/notify', {
    notification: { subscriptionRequestId: id, status: 'GRANTED', subscription: subscriptionView(world, subscription) },
  });
  return record;
}

function subscriptionView(world: HiuWorld, subscription: SubscriptionRecord) {
  const patient = world.directory.find(subscription.patientId);
  const hipIds = subscription.hipIds.length > 0 ? subscription.hipIds : [...new Set(patient?.careContexts.map((cc) => cc.hipId))];
  return {
    id: subscription.id,
    patient: { id: subscription.patientId },
    hiu: { id: subscription.caller.serviceId },
    sources: hipIds.map((hipId) => ({
      hip: { id: hipId, name: findDemoHip(hipId)?.name ?? hipId },
      categories: subscription.categories,
      period: subscription.period,
    })),
  };
}

/**
 * The patient revokes a subscription. The spec's status enum has no REVOKED, but its text
 * says this notification also reports revocation; ProjectEKA's service uses REVOKED.
 */
export function revokeSubscription(world: HiuWorld, id: string): SubscriptionRecord {
  const subscription = world.subscriptions.get(id);
  if (!subscription) throw new Error(`no subscription ${id}`);
  if (subscription.status !== 'GRANTED') throw new Error(`subscription ${id} is already ${subscription.status}`);
  subscription.status = 'REVOKED';
  const request = world.subscriptionRequests.get(subscription.requestId);
  if (request) request.status = 'REVOKED';
  world.notify(subscription.caller, '/subscription-requests/hiu/notify', {
    notification: { subscriptionRequestId: subscription.requestId, status: 'REVOKED', subscription: subscriptionView(world, subscription) },
  });
  return subscription;
}

/** A demo HIP has a new record: link a new care context or add data to a known one, and tell subscribers. */
export function addDemoRecord(world: HiuWorld, patientId: string, careContext: DemoCareContext): string[] {
  const patient = world.directory.find(patientId);
  if (!patient) throw new Error(`no patient ${patientId}`);
  const existing = patient.careContexts.find((cc) => cc.hipId === careContext.hipId && cc.careContextReference === careContext.careContextReference);
  const category = existing ? 'DATA' : 'LINK';
  if (existing) existing.hiTypes = [...new Set([...existing.hiTypes, ...careContext.hiTypes])];
  else world.directory.addCareContext(patient.id, careContext);
  return publishEvent(world, patient.id, careContext, category);
}

function publishEvent(world: HiuWorld, patientId: string, careContext: DemoCareContext, category: 'LINK' | 'DATA'): string[] {
  const now = world.now();
  const eventIds: string[] = [];
  for (const subscription of world.subscriptions.values()) {
    const covers =
      subscription.status === 'GRANTED' &&
      subscription.patientId === patientId &&
      subscription.categories.includes(category) &&
      (subscription.hipIds.length === 0 || subscription.hipIds.includes(careContext.hipId)) &&
      now >= timestampMillis(subscription.period.from) &&
      now <= timestampMillis(subscription.period.to);
    if (!covers) continue;
    const event = {
      id: randomUUID(),
      published: world.iso(now),
      subscriptionId: subscription.id,
      category,
      content: {
        patient: { id: patientId },
        hip: { id: careContext.hipId },
        context: [
          {
            careContext: { patientReference: careContext.patientReference, careContextReference: careContext.careContextReference },
            hiTypes: careContext.hiTypes as HiType[],
          },
        ],
      },
    };
    subscription.events.push(event.id);
    eventIds.push(event.id);
    world.notify(subscription.caller, '/subscriptions/hiu/notify', { event });
  }
  return eventIds;
}
