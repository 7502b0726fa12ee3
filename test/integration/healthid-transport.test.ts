// Time limits and retries against the embedded sandbox with its fault injection: a slow ABDM, dropped
// connections, 5xx answers, and a service that is not listening yet.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AbdmError, AbdmUnreachableError } from '../../electron/abdm/errors';
import { explainAbdmError } from '../support/desk-words';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { countOf, rejectionOf, startHarness, type Harness } from './healthid-harness';

const asha = TRAINING_IDENTITIES.existingAbha.existingAbha;
const PROFILE = 'GET /api/v1/account/profile';
const AUTH_INIT = 'POST /api/v1/auth/init';

let harness: Harness | undefined;
let proxy: net.Server | undefined;
afterEach(async () => {
  proxy?.close();
  await harness?.close();
  harness = undefined;
  proxy = undefined;
});

async function logIn(h: Harness): Promise<string> {
  const { txnId } = await h.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId });
  return (await h.healthId.confirmWithAadhaarOtp({ otp: '123456', txnId })).token;
}

/** A fetch wrapper that sets sandbox faults for the first call to `path` only. */
function faultOnFirst(path: string, faults: Record<string, number>, set: () => Harness) {
  let done = false;
  return (inner: typeof fetch): typeof fetch =>
    async (input, init) => {
      const first = !done && new URL(String(input)).pathname === path;
      if (!first) return inner(input, init);
      done = true;
      await set().setFaults(faults);
      try {
        return await inner(input, init);
      } finally {
        await set().setFaults({});
      }
    };
}

describe('time limit', () => {
  it('a slow answer becomes AbdmUnreachableError(timeout) at the limit, and a POST is not repeated', async () => {
    harness = await startHarness({ healthIdTimeoutMs: 300 });
    await harness.session.accessToken();
    await harness.setFaults({ latencyMs: 1000 });
    const started = Date.now();
    const error = await rejectionOf(harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(AbdmUnreachableError);
    expect(error).toMatchObject({ kind: 'timeout', service: 'healthid', operation: 'authInit' });
    expect(countOf(harness.requests, AUTH_INIT)).toBe(1);
    expect(explainAbdmError(error, 'hi').message).toContain('इंटरनेट');
  });

  it('a slow GET is not repeated either: the operator has already waited the whole limit', async () => {
    harness = await startHarness({ healthIdTimeoutMs: 300 });
    const token = await logIn(harness);
    await harness.setFaults({ latencyMs: 1000 });
    await expect(harness.healthId.profile(token)).rejects.toMatchObject({ name: 'AbdmUnreachableError', kind: 'timeout' });
    expect(countOf(harness.requests, PROFILE)).toBe(1);
  });
});

describe('retries only where safe', () => {
  it('a GET whose connection is dropped is sent again and succeeds', async () => {
    const h: Harness = (harness = await startHarness({ wrapFetch: faultOnFirst('/api/v1/account/profile', { dropRate: 1 }, () => h) }));
    const token = await logIn(h);
    await expect(h.healthId.profile(token)).resolves.toMatchObject({ healthIdNumber: asha.healthIdNumber });
    expect(countOf(h.requests, PROFILE)).toBe(2);
  });

  it('a GET answered with a 5xx is sent again and succeeds', async () => {
    const h: Harness = (harness = await startHarness({ wrapFetch: faultOnFirst('/api/v1/account/getPngCard', { errorRate: 1 }, () => h) }));
    const token = await logIn(h);
    await expect(h.healthId.pngCard(token)).resolves.toMatchObject({ contentType: 'image/png' });
    expect(countOf(h.requests, 'GET /api/v1/account/getPngCard')).toBe(2);
  });

  it('a POST whose connection is dropped after sending is never sent again', async () => {
    harness = await startHarness();
    await harness.session.accessToken();
    await harness.setFaults({ dropRate: 1 });
    const error = await rejectionOf(harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId }));
    expect(error).toMatchObject({ name: 'AbdmUnreachableError', kind: 'network', operation: 'authInit' });
    expect(countOf(harness.requests, AUTH_INIT)).toBe(1);
  });

  it('a POST answered with a 5xx is reported, not sent again', async () => {
    harness = await startHarness();
    await harness.session.accessToken();
    await harness.setFaults({ errorRate: 1 });
    const error = await rejectionOf(harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId }));
    expect(error).toBeInstanceOf(AbdmError);
    expect(error).toMatchObject({ status: 500, code: 'HIS-500' });
    expect(countOf(harness.requests, AUTH_INIT)).toBe(1);
    expect(explainAbdmError(error, 'en').message).toMatch(/problem on its side/);
  });

  it('a POST whose connection was refused (nothing sent) is sent again once the service listens', async () => {
    const port = await freePort();
    let listening = false;
    const h: Harness = (harness = await startHarness({
      healthIdBaseUrl: `http://127.0.0.1:${port}/api/v1`,
      wrapFetch: (inner) => async (input, init) => {
        try {
          return await inner(input, init);
        } catch (error) {
          // Health ID comes up (behind a forwarding port) right after the first refusal.
          if (!listening) {
            listening = true;
            proxy = await forward(port, Number(new URL(h.sandbox.url).port));
          }
          throw error;
        }
      },
    }));
    const answer = await h.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId });
    expect(answer.txnId).toBeTruthy();
    expect(countOf(h.requests, AUTH_INIT)).toBe(2);
    // Exactly one login transaction exists: the refused attempt did not reach the service.
    expect(h.sandbox.state.transactions.size).toBe(1);
  });

  it('a service that never listens is reported as unreachable after the retries', async () => {
    const port = await freePort();
    harness = await startHarness({ healthIdBaseUrl: `http://127.0.0.1:${port}/api/v1` });
    const error = await rejectionOf(harness.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId }));
    expect(error).toMatchObject({ name: 'AbdmUnreachableError', kind: 'network' });
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(countOf(harness.requests, AUTH_INIT)).toBe(3);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A TCP port that forwards every connection to the sandbox. */
function forward(port: number, target: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      const upstream = net.connect(target, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
