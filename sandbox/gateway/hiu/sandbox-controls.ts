import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../../context';
import { AbdmError, badRequest } from '../../errors';
import { HI_TYPES } from '../../fhir/ig-catalog';
import { NO_CALLBACK_FAULTS } from './callback-sender';
import { endArtefact } from './consent-artefacts';
import { denyConsentRequest, expireConsentRequest, grantConsentRequest } from './consent-requests';
import { DEMO_HIPS, findDemoHip } from './demo-directory';
import { announcePatientStatus } from './patient-status';
import { addDemoRecord, decideSubscriptionRequest, revokeSubscription } from './subscriptions';
import { decideDirectAuth } from './user-auth';

// /_sandbox controls for the consent manager and demo HIPs: the patient's decisions, new
// records, status changes, callback faults, and read-only views for tests and trainers. Who may call
// them is checked once for all /_sandbox routes by guardSandboxControls (../../control-guard.ts).

const grantChanges = z
  .object({
    hiTypes: z.array(z.enum(HI_TYPES)).optional(),
    dateRange: z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }).optional(),
    dataEraseAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
const newRecord = z
  .object({
    hipId: z.string().refine((id) => !!findDemoHip(id), { message: `must be one of ${DEMO_HIPS.map((h) => h.id).join(', ')}` }),
    careContextReference: z.string().min(1).optional(),
    patientReference: z.string().min(1).optional(),
    display: z.string().min(1).optional(),
    hiTypes: z.array(z.enum(HI_TYPES)).min(1),
    date: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
const patientStatus = z.object({ status: z.enum(['DEACTIVATED', 'REACTIVATED', 'DELETED']) }).strict();
const callbackFaults = z
  .object({ duplicate: z.boolean(), extraDelayMs: z.number().int().min(0).max(600_000), outOfOrder: z.boolean() })
  .partial()
  .strict();

/** A bundle pushed as it is (real-world FHIR from another system) instead of the generated one. */
const bundleOverride = z
  .object({ careContextReference: z.string().min(1), hiType: z.enum(HI_TYPES), bundle: z.string().min(2) })
  .strict();

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

/** Control failures: "no such …" is a 404, a wrong state or bad value a 409/400. */
async function act<T>(action: () => T | Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AbdmError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (message.startsWith('no ')) throw new AbdmError(404, 'HIS-404', message);
    if (/ is (?:already |[A-Z]+, not)/.test(message) || message.includes('not a pending')) throw new AbdmError(409, 'HIS-409', message);
    throw badRequest(message);
  }
}

export function gatewayHiuControlRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    const world = ctx.hiu;
    type IdParams = { Params: { id: string } };

    app.post<IdParams>('/consent-requests/:id/grant', (request) =>
      act(() => grantConsentRequest(world, request.params.id, parse(grantChanges, request.body))),
    );
    app.post<IdParams>('/consent-requests/:id/deny', (request) => act(() => denyConsentRequest(world, request.params.id)));
    app.post<IdParams>('/consent-requests/:id/expire', (request) => act(() => expireConsentRequest(world, request.params.id)));
    app.post<IdParams>('/consents/:id/revoke', (request) => act(() => endArtefact(world, request.params.id, 'REVOKED')));
    app.post<IdParams>('/consents/:id/expire', (request) => act(() => endArtefact(world, request.params.id, 'EXPIRED')));
    app.post<IdParams>('/subscription-requests/:id/grant', (request) =>
      act(() => decideSubscriptionRequest(world, request.params.id, 'GRANTED')),
    );
    app.post<IdParams>('/subscription-requests/:id/deny', (request) =>
      act(() => decideSubscriptionRequest(world, request.params.id, 'DENIED')),
    );
    app.post<IdParams>('/subscriptions/:id/revoke', (request) => act(() => revokeSubscription(world, request.params.id)));
    app.post<IdParams>('/auth/:id/grant', (request) => act(() => decideDirectAuth(world, request.params.id, 'GRANTED')));
    app.post<IdParams>('/auth/:id/deny', (request) => act(() => decideDirectAuth(world, request.params.id, 'DENIED')));

    app.post<IdParams>('/patients/:id/status', (request) => {
      const { status } = parse(patientStatus, request.body);
      return act(() => ({ notified: announcePatientStatus(world, request.params.id, status) }));
    });
    app.post<IdParams>('/patients/:id/records', (request) => {
      const record = parse(newRecord, request.body);
      return act(() => {
        const patient = world.directory.find(request.params.id);
        if (!patient) throw new Error(`no patient ${request.params.id}`);
        const known = patient.careContexts.find((cc) => cc.hipId === record.hipId && cc.careContextReference === record.careContextReference);
        const careContext = {
          hipId: record.hipId,
          patientReference: record.patientReference ?? known?.patientReference ?? `SBX-${patient.id.split('@')[0]?.toUpperCase()}`,
          careContextReference: record.careContextReference ?? `CC-${Date.now().toString(36).toUpperCase()}`,
          display: record.display ?? known?.display ?? 'New visit',
          date: record.date ?? world.iso(),
          hiTypes: record.hiTypes,
        };
        return { careContext, events: addDemoRecord(world, patient.id, careContext) };
      });
    });

    app.get('/hiu/directory', async () => ({
      hips: DEMO_HIPS,
      patients: ['asha.verma@sbx', 'rohan.desai@sbx', 'meena.iyer@sbx'].map((id) => world.directory.find(id)),
    }));
    app.get('/hiu/settings', async () => world.settings);
    app.post('/hiu/settings', (request) => act(() => world.updateSettings(request.body)));
    app.get('/hiu/callback-faults', async () => world.sender.faults);
    app.post('/hiu/callback-faults', async (request) => {
      world.sender.faults = { ...NO_CALLBACK_FAULTS, ...parse(callbackFaults, request.body) };
      return world.sender.faults;
    });
    app.post('/hiu/bundles', async (request) => {
      const { careContextReference, hiType, bundle } = parse(bundleOverride, request.body);
      world.bundleOverrides.set(`${careContextReference}/${hiType}`, bundle);
      return { careContextReference, hiType, bytes: Buffer.byteLength(bundle, 'utf8') };
    });
    app.get('/hiu/callbacks', async () => world.sender.log);
    app.get('/hiu/notifications', async () => ({ sent: world.notifications.all(), unmatched: world.notifications.unmatched }));
    app.get('/hiu/consent-requests', async () => [...world.consentRequests.values()]);
    app.get('/hiu/consents', async () => [...world.artefacts.values()]);
    app.get('/hiu/subscriptions', async () => ({
      requests: [...world.subscriptionRequests.values()],
      subscriptions: [...world.subscriptions.values()],
    }));
    app.get('/hiu/transfers', async () => [...world.transfers.values()]);
    /** Waits until every scheduled callback, decision and data push has finished. */
    app.post('/hiu/idle', async () => {
      await world.work.idle();
      return { idle: true, failures: world.failures };
    });
    app.post('/hiu/reset', async () => {
      world.reset();
      return { status: 'reset' };
    });
  };
}
