import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { parseBody } from '../gateway/hiu/gateway-rules';
import { receivePage } from './foreign-hiu';
import { hipFlowStateOf } from './hip-flow-state';

// The foreign HIU's dataPushUrl (docs/sandbox-hip.md §15): the desk pushes each page of a transfer here, as it would
// to any HIU. A page of a transaction the foreign HIU never asked for is refused; a page the trainer asked to fail
// (POST /_sandbox/hip/push-failures) is answered 503 and kept out of the entries.

export const FOREIGN_HIU_PUSH_PATH = '/foreign-hiu/health-information/transfer';

const pushedPage = z
  .object({
    pageNumber: z.number().int().min(1, 'must be 1 or more'),
    pageCount: z.number().int().min(1, 'must be 1 or more'),
    transactionId: z.string().min(1, 'must not be empty'),
    entries: z.array(z.object({ content: z.string().optional(), media: z.string().optional(), checksum: z.string().optional(), careContextReference: z.string() }).loose()),
    keyMaterial: z.object({ dhPublicKey: z.object({ keyValue: z.string().min(1) }).loose(), nonce: z.string().min(1) }).loose(),
  })
  .loose();

export function foreignHiuPushRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.post(FOREIGN_HIU_PUSH_PATH, async (request, reply) => {
      const page = parseBody(pushedPage, request.body);
      const state = hipFlowStateOf(ctx);
      const transfer = state.transfers.get(page.transactionId);
      if (!transfer) throw new AbdmError(404, 'HIS-404', `transactionId: the foreign HIU asked for no transfer ${page.transactionId}`);
      if (page.pageNumber > page.pageCount) throw new AbdmError(400, 'HIS-400', `pageNumber: ${page.pageNumber} is beyond pageCount ${page.pageCount}`);
      if (state.pushFailuresLeft > 0) {
        state.pushFailuresLeft -= 1;
        receivePage(ctx, transfer, page, 503);
        return reply.code(503).send({ error: { code: 2503, message: 'The HIU is failing on purpose (POST /_sandbox/hip/push-failures).' } });
      }
      receivePage(ctx, transfer, page, 202);
      return reply.code(202).send();
    });
  };
}
