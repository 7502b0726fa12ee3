import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from './context';
import { AbdmError, badRequest } from './errors';
import { validateFaults } from './faults';
import { hiuWorldOf } from './gateway/hiu/index';

// Test and training controls at /_sandbox. Not part of ABDM; they answer only callers on this machine.

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);
}

export function controlRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!isLoopback(request.socket.remoteAddress)) {
        throw new AbdmError(403, 'HIS-403', 'Sandbox controls answer only on the loopback interface.');
      }
    });

    // Everything back to a fresh start: Health ID accounts and the HIU side (consents, records, subscriptions).
    app.post('/reset', async () => {
      ctx.state.reset();
      hiuWorldOf(ctx).reset();
      return { status: 'reset', accounts: ctx.state.accounts.size };
    });

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
