// The Trainer button's service: training only, and what it asks the simulator. (Named poster-* as the counter's UI
// tests are; the end-to-end path through the simulator is test/e2e/counter.spec.ts.)
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrainerShare } from '../../../electron/services/counter/trainer-share';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';
import type { AppFailure } from '../../../electron/shared/errors';

const received: { path: string | undefined; body: unknown }[] = [];
let status = 200;
const server = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    received.push({ path: req.url, body: JSON.parse(body) });
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ requestId: 'r-1', bridgeStatus: 202 }));
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const trainer = (patch: Partial<Settings>, random = 0) =>
  new TrainerShare({
    settings: () => ({ ...DEFAULT_SETTINGS, environment: 'training', hipId: 'IN2710000123', counters: [{ id: '1', name: 'OPD Registration' }], ...patch }),
    simulatorUrl: async () => url,
    random: () => random,
  });
const code = (promise: Promise<unknown>) => promise.then(() => 'none', (e: AppFailure) => e.code);

describe('the Trainer button: a training patient scans the counter', () => {
  it('asks the simulator to share a training patient’s profile at this HIP and counter', async () => {
    received.length = 0;
    expect(await trainer({}, 0).share({ counterId: '1' })).toEqual({ sent: true });
    expect(await trainer({}, 0.99).share({ counterId: '1' })).toEqual({ sent: true });
    expect(received).toEqual([
      { path: '/_sandbox/hip/share', body: { hipId: 'IN2710000123', counterId: '1', abhaAddress: 'asha.verma@sbx' } },
      { path: '/_sandbox/hip/share', body: { hipId: 'IN2710000123', counterId: '1', abhaAddress: 'anaya.joshi@sbx' } },
    ]);
  });

  it('is refused outside training, without a HIP id, for an unknown counter, and says when the simulator refused', async () => {
    received.length = 0;
    expect(await code(trainer({ environment: 'abdm-sandbox' }).share({ counterId: '1' }))).toBe('FORBIDDEN');
    expect(await code(trainer({ environment: 'production' }).share({ counterId: '1' }))).toBe('FORBIDDEN');
    expect(await code(trainer({ hipId: undefined }).share({ counterId: '1' }))).toBe('HIP_ID_MISSING');
    expect(await code(trainer({}).share({ counterId: '7' }))).toBe('NOT_FOUND');
    expect(received).toEqual([]);
    status = 400;
    expect(await code(trainer({}).share({ counterId: '1' }))).toBe('ABDM_BAD_ANSWER');
    status = 200;
  });
});
