// Training mode's ABDM: the offline simulator (sandbox/) on a random loopback port, loaded and started on first use.
// This is the one place the app reaches the simulator's code, and only through import(): the main bundle keeps it
// in a chunk of its own, so a clinic that never trains never loads Fastify or the simulator.
// The simulator keeps its accounts in the data folder (training-state.json): an ABHA made in training is still there
// after a restart, as the desk's own records of it are, so Verify finds it tomorrow. It holds no Aadhaar number,
// only a scrypt key of it and its last four digits (sandbox/state.ts).
import path from 'node:path';
import type { RunningSandbox } from '../../sandbox/index';
import type { Part } from '../core/parts';
import type { AbdmEndpoints } from '../services/abdm-connection';

/** A part of the core: nothing runs at start; the simulator starts on the first endpoints() and stops at close. */
export interface TrainingSimulator extends Part {
  endpoints(): Promise<AbdmEndpoints>;
}

/** Where a running simulator's ABDM is, with its training credentials. */
export function endpointsOf(sandbox: RunningSandbox): AbdmEndpoints {
  return {
    healthIdBaseUrl: sandbox.healthIdBaseUrl,
    gatewayBaseUrl: sandbox.gatewayBaseUrl,
    abhaV3BaseUrl: sandbox.abhaV3BaseUrl,
    hiecmBaseUrl: sandbox.hiecmBaseUrl,
    clientId: sandbox.config.clientId,
    clientSecret: async () => sandbox.config.clientSecret,
  };
}

export const TRAINING_STATE_FILE_NAME = 'training-state.json';

/** Where the simulator keeps its accounts in a data folder. */
export function trainingStateFileIn(dataFolder: string): string {
  return path.join(dataFolder, TRAINING_STATE_FILE_NAME);
}

/** `dataFolder`: where its accounts are kept across restarts; absent, they last as long as the simulator (tests). */
export function trainingSimulator(options: { dataFolder?: string } = {}): TrainingSimulator {
  const stateFile = options.dataFolder === undefined ? undefined : trainingStateFileIn(options.dataFolder);
  let running: Promise<RunningSandbox> | null = null;
  return {
    name: 'training simulator',
    start() {},
    async endpoints() {
      running ??= import('../../sandbox/index').then(({ startSandbox }) => startSandbox({ port: 0, stateFile }));
      return endpointsOf(await running);
    },
    async close() {
      const started = running;
      running = null;
      // A simulator that never came up has nothing to close.
      const sandbox = await started?.catch(() => null);
      await sandbox?.close();
    },
  };
}
