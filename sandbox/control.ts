import type { FastifyPluginAsync } from 'fastify';
import { abhaV3ControlRoutes } from './abha-v3/error-shape-control';
import type { SandboxContext } from './context';
import { badRequest } from './errors';
import { validateFaults } from './faults';
import { hipFlowStateOf } from './hip/hip-flow-state';
import { hipShareLogOf } from './hip/share-log';

// Test and training controls at /_sandbox. Not part of ABDM; who may call them is decided once for all
// /_sandbox routes by guardSandboxControls (control-guard.ts), installed in app.ts.

export function controlRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    // Everything back to a fresh start: Health ID accounts and the HIU side (consents, records, subscriptions).
    app.post('/reset', async () => {
      ctx.state.reset();
      ctx.hiu.reset();
      hipShareLogOf(ctx).reset();
      hipFlowStateOf(ctx).reset();
      return { status: 'reset', accounts: ctx.state.accounts.size };
    });

    await app.register(abhaV3ControlRoutes(ctx)); // POST /_sandbox/abha-v3/error-shape (docs/sandbox-abha-v3.md)

    app.get('/faults', async () => ctx.faults.settings);

    app.post<{ Body: unknown }>('/faults', async (request) => {
      try {
        ctx.faults.set(validateFaults(request.body ?? {}));
      } catch (err) {
        throw badRequest(`Invalid faults: ${(err as Error).message}.`);
      }
      return ctx.faults.settings;
    });
  };
}
