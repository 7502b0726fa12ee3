import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../../context';
import { v3BridgeRoutes } from './v3-bridge';
import { installV3Errors } from './v3-errors';
import { v3HiuRoutes } from './v3-hiu-routes';
import { v3SessionRoutes } from './v3-sessions';
import { V3_WIRE_FORMAT } from './v3-wire-format';

/**
 * HIE-CM v3, HIU side, mounted at /api/hiecm (reference/spec/abdm-v3.md §1, §3; docs/sandbox-hiecm-v3.md):
 * the same world as gateway v0.5 — one consent manager, one set of HIPs and patients, two wire formats.
 */
export function hiecmV3Routes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    ctx.hiu.sender.useWireFormat('v3', V3_WIRE_FORMAT);
    installV3Errors(app);
    await app.register(v3SessionRoutes(ctx), { prefix: '/gateway/v3' });
    await app.register(v3BridgeRoutes(ctx), { prefix: '/gateway/v3' });
    await app.register(v3HiuRoutes(ctx));
  };
}
