// A real embedded sandbox plus the app's own ABDM client pointed at it, with every fetch counted.
import { createHealthIdClient } from '../../electron/abdm/healthid-v1/client';
import { GatewaySession } from '../../electron/abdm/session';
import { manualClock, startSandbox, type ManualClock, type RunningSandbox, type SandboxOptions } from '../../sandbox/index';

export const SECOND = 1000;

export interface Harness {
  sandbox: RunningSandbox;
  /** Moves the sandbox's time and the session's time together. */
  clock: ManualClock;
  session: GatewaySession;
  healthId: ReturnType<typeof createHealthIdClient>;
  /** Every request the client made, as `METHOD /path` relative to the sandbox. */
  requests: string[];
  setFaults(faults: Record<string, number>): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions extends SandboxOptions {
  /** The session's own clock; defaults to the sandbox's (a desk whose time is right). */
  sessionClock?: ManualClock;
  healthIdTimeoutMs?: number;
  /** Where the Health ID client sends its calls, when not straight to the sandbox (e.g. via a proxy). */
  healthIdBaseUrl?: string;
  /** Wraps the counting fetch, to interfere with single calls. */
  wrapFetch?: (inner: typeof fetch) => typeof fetch;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const clock = (opts.clock as ManualClock | undefined) ?? manualClock(Date.UTC(2025, 0, 6, 4, 30));
  const sandbox = await startSandbox({ seed: 'client-tests', ...opts, clock });
  const requests: string[] = [];
  const counting: typeof fetch = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  const clientFetch = opts.wrapFetch ? opts.wrapFetch(counting) : counting;
  const sessionClock = opts.sessionClock ?? clock;
  const session = new GatewaySession({
    gatewayBaseUrl: sandbox.gatewayBaseUrl,
    clientId: sandbox.config.clientId,
    clientSecret: async () => sandbox.config.clientSecret,
    now: () => sessionClock.now(),
    fetch: clientFetch,
    retryDelaysMs: [10],
  });
  const healthId = createHealthIdClient({
    baseUrl: opts.healthIdBaseUrl ?? sandbox.healthIdBaseUrl,
    session,
    fetch: clientFetch,
    timeoutMs: opts.healthIdTimeoutMs,
    retryDelaysMs: [10, 10],
  });
  return {
    sandbox,
    clock,
    session,
    healthId,
    requests,
    async setFaults(faults) {
      const answer = await fetch(`${sandbox.url}/_sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(faults),
      });
      if (!answer.ok) throw new Error(`sandbox refused faults ${JSON.stringify(faults)}: ${answer.status}`);
    },
    close: () => sandbox.close(),
  };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

export function countOf(requests: string[], request: string): number {
  return requests.filter((r) => r === request).length;
}
