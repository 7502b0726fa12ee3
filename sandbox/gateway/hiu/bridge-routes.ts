import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { BridgeRegistry } from './bridge-registry';
import type { SandboxContext } from '../../context';
import { AbdmError } from '../../errors';
import { requireGatewayToken } from '../access-tokens';
import { parseBody } from './gateway-rules';

// Sandbox devservice (official/ndhm-devservice.yml): register the callback URL of the calling
// client, link HIU/HIP service ids to it, and read both back.

const bridgeUrlBody = z.object({ url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }) });
const servicesBody = z
  .array(
    z.object({
      id: z.string().min(1),
      name: z.string().min(1),
      type: z.enum(['HIU', 'HIP', 'HEALTH_LOCKER']),
      active: z.boolean(),
    }),
  )
  .min(1, 'must list at least one service');

export function bridgeRoutes(ctx: SandboxContext, bridges: BridgeRegistry): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', requireGatewayToken(ctx));
    const clientOf = (clientId: string | undefined) => clientId ?? '';

    app.patch('/', async (request, reply) => {
      const { url } = parseBody(bridgeUrlBody, request.body);
      try {
        bridges.setUrl(clientOf(request.gatewayClient?.clientId), url);
      } catch (error) {
        throw new AbdmError(400, 'HIS-400', `url: ${(error as Error).message}`, { gatewayCode: 2500 });
      }
      return reply.code(200).send();
    });

    app.post('/addUpdateServices', async (request, reply) => {
      bridges.upsertServices(clientOf(request.gatewayClient?.clientId), parseBody(servicesBody, request.body));
      return reply.code(200).send();
    });

    app.get('/getServices', async (request) => {
      const clientId = clientOf(request.gatewayClient?.clientId);
      return {
        bridge: { id: clientId, name: clientId, url: bridges.urlFor(clientId) ?? null, active: true, blocklisted: false },
        services: bridges.servicesOf(clientId).map(({ id, name, type, active }) => ({ id, name, types: [type], endpoints: {}, active })),
      };
    });
  };
}
