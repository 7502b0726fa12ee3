import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { AbdmError, badRequest } from '../errors';
import { hipShareLogOf } from './share-log';
import { sendShare } from './share-delivery';

// Training controls under /_sandbox/hip (docs/sandbox-hip.md §1, §3): a simulated patient scans a counter's QR,
// and what was shared and answered can be read back. Guarded with every /_sandbox route (control-guard.ts).

// The patterns NHA's patient-share.yaml gives for metaData.hipId and metaData.context (the counter id).
const HIP_ID = /^[A-Za-z0-9]([A-Za-z0-9@_-]*[A-Za-z0-9])?$/;
const COUNTER_ID = /^[A-Za-z0-9 ]([A-Za-z0-9.\-_ ]*[A-Za-z0-9 ])?$/;

const shareInput = z
  .object({
    hipId: z.string().regex(HIP_ID, 'must be a facility (HIP) id: letters and digits, with @ _ - inside').max(100, 'must be at most 100 characters'),
    counterId: z.string().max(250, 'must be at most 250 characters').regex(COUNTER_ID, 'must be a counter id: letters, digits and spaces, with . - _ inside'),
    abhaAddress: z.string().trim().min(1, 'must not be empty'),
    generation: z.enum(['v3', 'v0.5'], { error: 'must be "v3" or "v0.5"' }).default('v3'),
    /**
     * The resident shares from a second ABHA address of their own, with no ABHA number and their name spelled
     * another way (the clinic's returning-patient case: the register must match them by mobile, gender, age and
     * the sound of the name, not by ABHA).
     */
    secondAbha: z
      .object({ abhaAddress: z.string().trim().regex(/^[a-z0-9][a-z0-9._-]*@[a-z0-9-]+$/i, 'must be an ABHA address'), name: z.string().trim().min(1).max(100) })
      .strict()
      .optional(),
  })
  .strict();

const onSharesQuery = z.object({ requestId: z.string().min(1).optional() }).strict();

function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || what;
  const reason = issue?.code === 'invalid_type' && issue.message.includes('undefined') ? 'is required' : issue?.message;
  throw badRequest(`${field}: ${reason ?? 'is invalid'}.`);
}

export function hipControlRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    const log = hipShareLogOf(ctx);

    // Answers once the bridge has taken the share (its HTTP status), never waiting for the on-share.
    app.post<{ Body: unknown }>('/share', async (request) => {
      const input = parse(shareInput, request.body, 'body');
      const account = ctx.state.findByAddress(input.abhaAddress);
      if (!account) {
        throw new AbdmError(404, 'HIS-404', `abhaAddress: no training resident has the ABHA address ${input.abhaAddress}; docs/sandbox-hip.md lists them.`);
      }
      const sharer = input.secondAbha
        ? { ...account, healthId: input.secondAbha.abhaAddress.toLowerCase(), healthIdNumber: '', firstName: input.secondAbha.name, middleName: '', lastName: '' }
        : account;
      const share = await sendShare(ctx, log, sharer, { hipId: input.hipId, counterId: input.counterId }, input.generation);
      return { requestId: share.requestId, bridgeStatus: share.bridgeStatus, ...(share.bridgeError ? { bridgeError: share.bridgeError } : {}) };
    });

    app.get('/shares', async () => ({ shares: log.allShares() }));

    app.get<{ Querystring: unknown }>('/on-shares', async (request) => {
      const { requestId } = parse(onSharesQuery, request.query, 'query');
      if (requestId !== undefined && !log.share(requestId)) {
        throw new AbdmError(404, 'HIS-404', `requestId: the simulator sent no share ${requestId}.`);
      }
      const onShares = log.onSharesFor(requestId).map((onShare) => ({
        requestId: onShare.requestId,
        receivedAt: onShare.receivedAt,
        generation: onShare.generation,
        body: onShare.body,
        share: log.share(onShare.shareRequestId) ?? null,
      }));
      return { onShares };
    });
  };
}
