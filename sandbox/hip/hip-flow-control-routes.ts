import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { AbdmError, badRequest } from '../errors';
import { HI_TYPES } from '../fhir/ig-catalog';
import { endConsent, grantConsent, requestHealthInformation } from './foreign-hiu';
import { FOREIGN_HIU_PUSH_PATH } from './foreign-hiu-push-route';
import { hipFlowStateOf, nowIso, type ForeignTransfer, type PhrExchange } from './hip-flow-state';
import { discover, linkConfirm, linkInit } from './phr-app';

// Training controls for the clinic as an HIP, under /_sandbox/hip (docs/sandbox-hip.md §13–§18): the consent
// manager's view of linked care contexts, the foreign HIU, the patient's app, the SMS inbox and what the desk sent.
// Guarded with every /_sandbox route (control-guard.ts).

const generation = z.enum(['v3', 'v0.5'], { error: 'must be "v3" or "v0.5"' }).default('v3');
const filled = z.string().trim().min(1, 'must not be empty');
const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO date-time such as 2026-11-27T10:00:00.000Z' });
const careContextRef = z.object({ patientReference: filled, careContextReference: filled }).strict();

const consentInput = z
  .object({
    hipId: filled,
    abhaAddress: filled,
    careContexts: z.array(careContextRef).min(1, 'must name at least one care context').optional(),
    hiTypes: z.array(z.enum(HI_TYPES, { error: `must be one of ${HI_TYPES.join(', ')}` })).min(1, 'must name at least one HI type'),
    from: isoDateTime,
    to: isoDateTime,
    dataEraseAt: isoDateTime,
    generation,
  })
  .strict()
  // Gateway v0.5's HITypeEnum stops at WellnessRecord (ndhm-gateway-v1.yml).
  .refine((input) => input.generation === 'v3' || !input.hiTypes.includes('Invoice'), { message: 'Invoice is a v3 HI type; gateway v0.5 has none', path: ['hiTypes'] });
const hiRequestInput = z.object({ consentId: filled, from: isoDateTime.optional(), to: isoDateTime.optional() }).strict();
const discoverInput = z
  .object({
    hipId: filled,
    abhaAddress: filled,
    abhaNumber: z.string().optional(),
    name: filled,
    gender: z.enum(['M', 'F', 'O', 'U'], { error: 'must be one of M, F, O, U' }),
    yearOfBirth: z.number().int().min(1900).max(2200),
    mobile: z.string().regex(/^\+?\d{10,12}$/, 'must be a mobile number'),
    unverifiedIdentifiers: z.array(z.object({ type: filled, value: filled }).strict()).default([]),
    generation,
  })
  .strict();
const linkInitInput = z
  .object({
    hipId: filled,
    transactionId: filled,
    abhaAddress: filled,
    careContexts: z.array(careContextRef).min(1, 'must name at least one care context'),
    hiType: z.enum(HI_TYPES).default('OPConsultation'),
    generation,
  })
  .strict();
const linkConfirmInput = z.object({ hipId: filled, linkRefNumber: filled, otp: filled, generation }).strict();
const smsInput = z.object({ to: z.string().regex(/^\+?\d{10,12}$/, 'must be a mobile number'), message: z.string().min(1, 'must not be empty').max(2000) }).strict();
const smsQuery = z.object({ to: z.string().regex(/^\+?\d{10,12}$/, 'must be a mobile number') }).strict();
const linksQuery = z.object({ abhaAddress: filled }).strict();
const receivedQuery = z.object({ path: z.string().optional() }).strict();
const blockInput = z.object({ blocked: z.boolean() }).strict();
const pushFailuresInput = z.object({ count: z.number().int().min(0).max(1000) }).strict();

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const reason = issue?.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue?.message;
  throw badRequest(`${field}: ${reason ?? 'is invalid'}.`);
}

const notFound = (message: string) => new AbdmError(404, 'HIS-404', message);
const lastTen = (mobile: string) => mobile.replace(/\D/g, '').slice(-10);

/** What the trainer or a test reads of a transfer: everything but the foreign HIU's private key. */
function transferView(transfer: ForeignTransfer) {
  const { keys, ...rest } = transfer;
  const delivered = new Set(transfer.pages.filter((page) => page.answeredWith < 300).map((page) => page.pageNumber));
  return { ...rest, publicKey: keys.publicKey, pagesReceived: delivered.size };
}

function exchangeView(exchange: PhrExchange) {
  return { requestId: exchange.sent.requestId, ...exchange };
}

function pushUrlFor(request: FastifyRequest): string {
  return `http://${request.headers.host ?? '127.0.0.1'}${FOREIGN_HIU_PUSH_PATH}`;
}

export function hipFlowControlRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    const state = hipFlowStateOf(ctx);

    app.get<{ Querystring: unknown }>('/links', async (request) => {
      const { abhaAddress } = parse(linksQuery, request.query);
      return { abhaAddress: abhaAddress.toLowerCase(), careContexts: state.linksOf(abhaAddress) };
    });
    app.post<{ Params: { abhaAddress: string } }>('/patients/:abhaAddress/link-block', async (request) => {
      const { blocked } = parse(blockInput, request.body);
      const key = request.params.abhaAddress.toLowerCase();
      if (blocked) state.blocked.add(key);
      else state.blocked.delete(key);
      return { abhaAddress: key, blocked };
    });

    app.post('/consents', async (request) => {
      const input = parse(consentInput, request.body);
      const careContexts =
        input.careContexts ??
        state
          .linksOf(input.abhaAddress)
          .filter((cc) => cc.hipId === input.hipId)
          .map(({ patientReference, careContextReference }) => ({ patientReference, careContextReference }));
      if (careContexts.length === 0) throw new AbdmError(409, 'HIS-409', `careContexts: nothing is linked under ${input.abhaAddress} for HIP ${input.hipId}; name the care contexts or link them first.`);
      const consent = grantConsent(ctx, { ...input, careContexts });
      return { consentId: consent.consentId, notification: consent.notifications[0] };
    });
    app.get<{ Params: { id: string } }>('/consents/:id', async (request) => {
      const consent = state.consents.get(request.params.id);
      if (!consent) throw notFound(`no consent ${request.params.id}`);
      return consent;
    });
    for (const [action, status] of [['revoke', 'REVOKED'], ['expire', 'EXPIRED']] as const) {
      app.post<{ Params: { id: string } }>(`/consents/:id/${action}`, async (request) => {
        const consent = state.consents.get(request.params.id);
        if (!consent) throw notFound(`no consent ${request.params.id}`);
        if (consent.status !== 'GRANTED') throw new AbdmError(409, 'HIS-409', `consent ${consent.consentId} is already ${consent.status}`);
        endConsent(ctx, consent, status);
        return { consentId: consent.consentId, status: consent.status, notification: consent.notifications.at(-1) };
      });
    }

    app.post('/hi-requests', async (request) => {
      const input = parse(hiRequestInput, request.body);
      const consent = state.consents.get(input.consentId);
      if (!consent) throw notFound(`consentId: no consent ${input.consentId}`);
      // Asked as given, even outside the consent or after a revoke: refusing is the desk's job, and the test's point.
      const range = { from: input.from ?? consent.dateRange.from, to: input.to ?? consent.dateRange.to };
      const transfer = requestHealthInformation(ctx, consent, range, pushUrlFor(request));
      return { transactionId: transfer.transactionId, dataPushUrl: transfer.dataPushUrl, request: transfer.request };
    });
    app.get<{ Params: { transactionId: string } }>('/hi-requests/:transactionId', async (request) => {
      const transfer = state.transfers.get(request.params.transactionId);
      if (!transfer) throw notFound(`no health-information request ${request.params.transactionId}`);
      return transferView(transfer);
    });
    app.post('/push-failures', async (request) => {
      state.pushFailuresLeft = parse(pushFailuresInput, request.body).count;
      return { pushFailuresLeft: state.pushFailuresLeft };
    });

    app.post('/discover', async (request) => exchangeView(discover(ctx, parse(discoverInput, request.body))));
    app.post('/link-init', async (request) => exchangeView(linkInit(ctx, parse(linkInitInput, request.body))));
    app.post('/link-confirm', async (request) => exchangeView(linkConfirm(ctx, parse(linkConfirmInput, request.body))));
    const readExchange = (kind: PhrExchange['kind']) => async (request: FastifyRequest<{ Params: { requestId: string } }>) => {
      const exchange = state.exchange(request.params.requestId, kind);
      if (!exchange) throw notFound(`no ${kind} ${request.params.requestId}`);
      return exchangeView(exchange);
    };
    app.get('/discoveries/:requestId', readExchange('discover'));
    app.get('/link-inits/:requestId', readExchange('link-init'));
    app.get('/link-confirms/:requestId', readExchange('link-confirm'));

    app.post('/sms', async (request) => {
      const { to, message } = parse(smsInput, request.body);
      const sms = { id: randomUUID(), to: lastTen(to), message, receivedAt: nowIso(ctx), from: 'desk' as const };
      state.addSms(sms);
      return { id: sms.id, receivedAt: sms.receivedAt };
    });
    app.get<{ Querystring: unknown }>('/sms', async (request) => {
      const to = lastTen(parse(smsQuery, request.query).to);
      return { messages: state.sms.filter((sms) => sms.to === to).reverse() };
    });

    app.get<{ Querystring: unknown }>('/received', async (request) => {
      const { path } = parse(receivedQuery, request.query);
      return { messages: path === undefined ? state.received : state.received.filter((message) => message.path === path) };
    });
  };
}
