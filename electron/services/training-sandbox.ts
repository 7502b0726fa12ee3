// Training mode: the offline ABDM simulator runs inside the app on a random loopback port, started on first use.
import { startSandbox } from '../../sandbox/index';
import type { AbdmEndpoints } from './abdm-connection';

export interface TrainingSandbox {
  endpoints(): Promise<AbdmEndpoints>;
  close(): Promise<void>;
}

export function trainingSandbox(): TrainingSandbox {
  let running: ReturnType<typeof startSandbox> | null = null;
  return {
    async endpoints() {
      running ??= startSandbox({ port: 0 });
      const sandbox = await running;
      return {
        healthIdBaseUrl: sandbox.healthIdBaseUrl,
        gatewayBaseUrl: sandbox.gatewayBaseUrl,
        clientId: sandbox.config.clientId,
        clientSecret: async () => sandbox.config.clientSecret,
      };
    },
    async close() {
      if (running) await (await running).close();
    },
  };
}
