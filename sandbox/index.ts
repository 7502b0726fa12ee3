import type { FastifyInstance } from 'fastify';
import { buildSandboxApp } from './app';
import { systemClock, type Clock } from './clock';
import { resolveConfig, type SandboxConfig } from './config';
import { createContext, type SandboxContext } from './context';
import { FaultInjector, type Faults } from './faults';
import type { HiuSettings } from './gateway/hiu/hiu-settings';
import type { SandboxState } from './state';

export { manualClock, systemClock, type Clock, type ManualClock } from './clock';
export type { Faults } from './faults';
export type { SandboxConfig } from './config';
export type { SandboxContext } from './context';
export { TRAINING_IDENTITIES, INVALID_AADHAAR_EXAMPLE } from './training-identities';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  clock?: Clock;
  seed?: string;
  faults?: Faults;
  clientId?: string;
  clientSecret?: string;
  otp?: string;
  accessTokenTtlSeconds?: number;
  /** Keep accounts in this JSON file across restarts (no Aadhaar numbers are written). */
  stateFile?: string;
  bridgeUrl?: string;
  /** HIU-side delays, decisions and retries (sandbox/gateway/hiu/hiu-settings.ts). */
  hiu?: Partial<HiuSettings>;
  /** Any other limit or lifetime of SandboxConfig. */
  config?: Partial<SandboxConfig>;
}

export interface RunningSandbox {
  /** http://127.0.0.1:PORT */
  url: string;
  /** url + '/api/v1' */
  healthIdBaseUrl: string;
  /** url + '/gateway' */
  gatewayBaseUrl: string;
  /** url + '/abha/api/v3' (ABHA v3, shaped like https://abhasbx.abdm.gov.in/abha/api/v3) */
  abhaV3BaseUrl: string;
  /** url + '/api/hiecm' (HIE-CM v3 and its /gateway/v3 sessions and certs, like https://dev.abdm.gov.in/api/hiecm) */
  hiecmBaseUrl: string;
  app: FastifyInstance;
  state: SandboxState;
  /** The resolved settings (client id and secret, OTP, lifetimes...). */
  config: SandboxConfig;
  context: SandboxContext;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = opts.host ?? '127.0.0.1';
  if (host !== '127.0.0.1') throw new Error('the sandbox listens on 127.0.0.1 only');
  const config = resolveConfig({
    ...opts.config,
    seed: opts.seed,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    otp: opts.otp,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    stateFile: opts.stateFile,
    bridgeUrl: opts.bridgeUrl,
    hiu: opts.hiu,
  });
  const ctx = await createContext(opts.clock ?? systemClock, config, new FaultInjector(config.seed, opts.faults));
  const app = buildSandboxApp(ctx);
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sandbox did not get a TCP port');
  const url = `http://${host}:${address.port}`;
  ctx.publicUrl = url;
  return {
    url,
    healthIdBaseUrl: `${url}/api/v1`,
    gatewayBaseUrl: `${url}/gateway`,
    abhaV3BaseUrl: `${url}/abha/api/v3`,
    hiecmBaseUrl: `${url}/api/hiecm`,
    app,
    state: ctx.state,
    config: ctx.config,
    context: ctx,
    close: () => app.close(),
  };
}
