// Training mode: the offline ABDM simulator runs inside the app on a random loopback port, started on first use.
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AbdmEndpoints } from './abdm-connection';

export interface TrainingSandbox {
  endpoints(): Promise<AbdmEndpoints>;
  close(): Promise<void>;
}

/** Where a running simulator's ABDM is, with its training credentials. */
export function endpointsOf(sandbox: RunningSandbox): AbdmEndpoints {
  return {
    healthIdBaseUrl: sandbox.healthIdBaseUrl,
    gatewayBaseUrl: sandbox.gatewayBaseUrl,
    clientId: sandbox.config.clientId,
    clientSecret: async () => sandbox.config.clientSecret,
  };
}

export function trainingSandbox(): TrainingSandbox {
  let running: ReturnType<typeof startSandbox> | null = null;
  return {
    async endpoints() {
      running ??= startSandbox({ port: 0 });
      return endpointsOf(await running);
    },
    async close() {
      if (running) await (await running).close();
    },
  };
}
