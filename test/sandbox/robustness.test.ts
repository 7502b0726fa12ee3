import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { resolveConfig } from '../../sandbox/config';
import { TRAINING_IDENTITIES, type RunningSandbox } from '../../sandbox/index';
import { assertMatchesOfficial, assertOfficialApiError, GATEWAY_PATCHES, GATEWAY_SPEC } from '../support/official-spec';
import {
  bearer,
  CLIENT,
  enrol,
  expectApiError,
  expectGatewayError,
  gatewayToken,
  getJson,
  loginWithAadhaarOtp,
  paths,
  postJson,
  sendRaw,
  startTestSandbox,
} from '../support/sandbox-http';

const { newResident, secondResident } = TRAINING_IDENTITIES;
const UUID = '6f1d2c9e-5b7a-4c3e-9a10-2f4e8b7c1d01';

/** For each JSON operation: a well-formed body, and bodies of the wrong shape. */
const OPERATIONS: Array<{ path: string; wrongTypes: unknown[]; missing: unknown }> = [
  { path: paths.generateOtp, wrongTypes: [{ aadhaar: 234567890124 }, { aadhaar: ['234567890124'] }, { aadhaar: null }], missing: {} },
  { path: paths.verifyOtp, wrongTypes: [{ otp: 123456, txnId: UUID }, { otp: '123456', txnId: { id: UUID } }], missing: { otp: '123456' } },
  { path: paths.generateMobileOtp, wrongTypes: [{ mobile: 9876500001, txnId: UUID }, { mobile: true, txnId: UUID }], missing: { txnId: UUID } },
  { path: paths.verifyMobileOtp, wrongTypes: [{ otp: false, txnId: UUID }], missing: { txnId: UUID } },
  { path: paths.createHealthId, wrongTypes: [{ txnId: UUID, healthId: 42 }, { txnId: 7 }], missing: { healthId: 'someone' } },
  { path: paths.authInit, wrongTypes: [{ authMethod: 1, healthid: 'asha.verma@sbx' }, { authMethod: 'AADHAAR_OTP', healthid: {} }], missing: { authMethod: 'AADHAAR_OTP' } },
  { path: paths.resendAuthOtp, wrongTypes: [{ txnId: 123 }], missing: { authMethod: 'AADHAAR_OTP' } },
  { path: paths.confirmWithAadhaarOtp, wrongTypes: [{ otp: 123456, txnId: UUID }], missing: { otp: '123456' } },
];
const NOT_OBJECTS = ['[]', 'null', '"text"', '5', 'true'];
const INVALID_JSON = ['{"aadhaar":', '{aadhaar: "1"}', "{'otp':'1'}", '{"a":1}}', '\u0000'];

describe('bad input of any shape gets an ABDM-shaped 400, and the server keeps serving', () => {
  let sandbox: RunningSandbox;
  let token: string;
  let api: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    token = await gatewayToken(sandbox);
    api = sandbox.healthIdBaseUrl;
  });
  afterAll(() => sandbox.close());

  async function stillServing(): Promise<void> {
    const res = await postJson(`${api}${paths.authInit}`, { authMethod: 'AADHAAR_OTP', healthid: 'asha.verma@sbx' }, bearer(token));
    expect(res.status).toBe(200);
  }

  function expectHealthId400(res: Awaited<ReturnType<typeof sendRaw>>, context: string): void {
    expect(res.status, `${context}: ${res.text}`).toBe(400);
    assertOfficialApiError(res.json);
    expect((res.json as { code: string }).code).toBe('HIS-400');
  }

  it.each(OPERATIONS)('$path: wrong types, missing fields, non-objects, invalid JSON', async ({ path, wrongTypes, missing }) => {
    const url = `${api}${path}`;
    const auth = { ...bearer(token), 'content-type': 'application/json' };
    for (const body of wrongTypes) {
      const res = await postJson(url, body, bearer(token));
      expectHealthId400(res, `wrong type ${JSON.stringify(body)}`);
      const detail = (res.json as { details: Array<{ message: string; attribute: { key: string } | null }> }).details[0]!;
      expect(detail.attribute?.key, res.text).toBeTruthy();
      expect(detail.message).toContain(detail.attribute!.key);
    }
    const missingRes = await postJson(url, missing, bearer(token));
    expectHealthId400(missingRes, 'missing field');
    expect(missingRes.text).toMatch(/is required/);
    for (const raw of [...NOT_OBJECTS, ...INVALID_JSON]) expectHealthId400(await sendRaw(url, { headers: auth, body: raw }), `body ${raw}`);
    await stillServing();
  });

  it('refuses an empty body, a non-JSON content type and a body over the limit', async () => {
    const url = `${api}${paths.generateOtp}`;
    expectHealthId400(await sendRaw(url, { headers: { ...bearer(token), 'content-type': 'application/json' }, body: '' }), 'empty body');
    expectHealthId400(await sendRaw(url, { headers: { ...bearer(token), 'content-type': 'text/plain' }, body: 'aadhaar=1' }), 'text/plain');
    expectHealthId400(await sendRaw(url, { headers: bearer(token) }), 'no body, no content type');
    const huge = JSON.stringify({ aadhaar: '2'.repeat(3 * 1024 * 1024) });
    const tooBig = await sendRaw(url, { headers: { ...bearer(token), 'content-type': 'application/json' }, body: huge });
    expectHealthId400(tooBig, 'huge body');
    expect(tooBig.text).toMatch(/larger than/);
    await stillServing();
  });

  it('answers bad input to /sessions in the gateway error shape', async () => {
    const url = `${sandbox.gatewayBaseUrl}/v0.5/sessions`;
    const json = { 'content-type': 'application/json' };
    const bad = [
      await postJson(url, { clientId: 1, clientSecret: CLIENT.clientSecret }),
      await postJson(url, { clientId: CLIENT.clientId }),
      await sendRaw(url, { headers: json, body: '{"clientId":' }),
      await sendRaw(url, { headers: json, body: '[]' }),
      await sendRaw(url, { headers: json, body: JSON.stringify({ ...CLIENT, clientSecret: 'x'.repeat(2 * 1024 * 1024) }) }),
    ];
    for (const res of bad) {
      expectGatewayError(res, 400, 2500);
      assertMatchesOfficial(GATEWAY_SPEC, 'ErrorResponse', res.json, { required: ['error'], patches: [GATEWAY_PATCHES.errorCode] });
    }
    expect((await postJson(url, { ...CLIENT, grantType: 'client_credentials' })).status).toBe(200);
  });

  it('answers unknown operations with a 404 in the shape of the service', async () => {
    expectApiError(await getJson(`${api}/registration/aadhaar/nope`, bearer(token)), 404, 'HIS-404');
    expectGatewayError(await getJson(`${sandbox.gatewayBaseUrl}/v0.5/nope`), 404);
  });
});

describe('fault injection', () => {
  let sandbox: RunningSandbox;
  let token: string;
  const setFaults = (faults: unknown) => postJson(`${sandbox.url}/_sandbox/faults`, faults);

  beforeAll(async () => {
    sandbox = await startTestSandbox({ faults: { errorRate: 1 } });
  });
  afterAll(() => sandbox.close());

  it('answers 5xx in each service shape while errorRate is 1, but keeps /_sandbox usable', async () => {
    const session = await postJson(`${sandbox.gatewayBaseUrl}/v0.5/sessions`, { ...CLIENT, grantType: 'client_credentials' });
    expectGatewayError(session, 503, 2503);
    const init = await postJson(`${sandbox.healthIdBaseUrl}${paths.authInit}`, { authMethod: 'AADHAAR_OTP', healthid: 'x' });
    expectApiError(init, 500, 'HIS-500');
    assertOfficialApiError(init.json);
    expect((await getJson(`${sandbox.url}/_sandbox/faults`)).json).toEqual({ errorRate: 1 });
    // However the path is spelt: faults are skipped by the route matched, as the controls' guard is applied.
    expect((await getJson(`${sandbox.url}/%5Fsandbox/faults`)).json).toEqual({ errorRate: 1 });
    expect((await setFaults({})).status).toBe(200);
    token = await gatewayToken(sandbox);
    expect(token.length).toBeGreaterThan(20);
  });

  it('drops connections while dropRate is 1', async () => {
    expect((await setFaults({ dropRate: 1 })).status).toBe(200);
    await expect(fetch(`${sandbox.gatewayBaseUrl}/v0.5/heartbeat`)).rejects.toThrow();
    expect((await setFaults({ dropRate: 0 })).status).toBe(200);
    expect((await getJson(`${sandbox.gatewayBaseUrl}/v0.5/heartbeat`)).status).toBe(200);
  });

  it('adds latency to ABDM answers', async () => {
    expect((await setFaults({ latencyMs: 200 })).json).toEqual({ latencyMs: 200 });
    const started = performance.now();
    expect((await getJson(`${sandbox.gatewayBaseUrl}/v0.5/heartbeat`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    await setFaults({});
  });

  it('injects the same faults in the same order for the same seed', async () => {
    const statuses = async (s: RunningSandbox) => {
      const seen: number[] = [];
      for (let i = 0; i < 20; i++) seen.push((await getJson(`${s.gatewayBaseUrl}/v0.5/heartbeat`)).status);
      return seen;
    };
    const a = await startTestSandbox({ seed: 'faulty', faults: { errorRate: 0.5 } });
    const b = await startTestSandbox({ seed: 'faulty', faults: { errorRate: 0.5 } });
    try {
      const first = await statuses(a);
      expect(await statuses(b)).toEqual(first);
      expect(first).toContain(503);
      expect(first).toContain(200);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('rejects invalid fault settings with a 400', async () => {
    for (const faults of [{ errorRate: 2 }, { dropRate: -1 }, { latencyMs: 'slow' }, { chaos: true }, [1]]) {
      const res = await setFaults(faults);
      expect(res.status, JSON.stringify(faults)).toBe(400);
      expect(res.text).toMatch(/Invalid faults/);
    }
  });
});

describe('sandbox controls', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  it('answer only on loopback', async () => {
    // inject sends Host localhost:80; give it the sandbox's real host so only the peer address differs.
    const headers = { host: new URL(sandbox.url).host };
    const remote = await sandbox.app.inject({ method: 'POST', url: '/_sandbox/reset', remoteAddress: '203.0.113.9', headers });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).toContain('loopback');
    const local = await sandbox.app.inject({ method: 'POST', url: '/_sandbox/reset', remoteAddress: '127.0.0.1', headers });
    expect(local.statusCode).toBe(200);
  });

  it('reset forgets enrolled accounts but keeps the training identities', async () => {
    const token = await gatewayToken(sandbox);
    const created = await enrol(sandbox, token, newResident.aadhaar, newResident.aadhaarMobile, { healthId: 'before.reset' });
    expect((await postJson(`${sandbox.url}/_sandbox/reset`, {})).status).toBe(200);
    const init = await postJson(`${sandbox.healthIdBaseUrl}${paths.authInit}`, { authMethod: 'AADHAAR_OTP', healthid: created.healthId }, bearer(token));
    expectApiError(init, 422, 'HIS-1008');
    expect(await loginWithAadhaarOtp(sandbox, token, 'asha.verma@sbx')).toBeTruthy();
  });
});

describe('slow clients', () => {
  /** Resolves when the server closes the socket (with the first line of any answer), or after `boundMs`. */
  function waitForClose(socket: Socket, boundMs: number): Promise<string> {
    return new Promise((resolve) => {
      let received = '';
      const bound = setTimeout(() => resolve(`still open after ${boundMs} ms`), boundMs);
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(bound);
        resolve(received ? `closed after ${received.split('\r\n')[0]}` : 'closed');
      });
    });
  }

  it('closes a connection whose body stops arriving, after connectionTimeoutMs of silence', async () => {
    const sandbox = await startTestSandbox({ config: { connectionTimeoutMs: 400 } });
    const socket = connect(Number(new URL(sandbox.url).port), '127.0.0.1');
    try {
      const closed = waitForClose(socket, 4000);
      const started = performance.now();
      // Content-Length promises 100 bytes; only 10 come.
      socket.write(
        `POST /gateway/v0.5/sessions HTTP/1.1\r\nHost: ${new URL(sandbox.url).host}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"clientId',
      );
      expect(await closed).toMatch(/^closed/);
      expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    } finally {
      socket.destroy();
      await sandbox.close();
    }
  });

  it('does not cut off a request that has arrived and waits on the sandbox (latency longer than the idle timeout)', async () => {
    const sandbox = await startTestSandbox({ config: { connectionTimeoutMs: 300 }, faults: { latencyMs: 800 } });
    try {
      expect((await getJson(`${sandbox.gatewayBaseUrl}/v0.5/heartbeat`)).status).toBe(200);
      expect((await postJson(`${sandbox.gatewayBaseUrl}/v0.5/sessions`, { ...CLIENT, grantType: 'client_credentials' })).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('hands the whole-request and header timeouts to the HTTP server, with defaults', async () => {
    const defaults = await startTestSandbox();
    const tuned = await startTestSandbox({ config: { connectionTimeoutMs: 5000, requestTimeoutMs: 9000, headersTimeoutMs: 4000 } });
    const timeouts = ({ app: { server } }: RunningSandbox) => ({
      idle: server.timeout,
      request: server.requestTimeout,
      headers: server.headersTimeout,
    });
    try {
      expect(timeouts(defaults)).toEqual({ idle: 30_000, request: 60_000, headers: 20_000 });
      expect(timeouts(tuned)).toEqual({ idle: 5000, request: 9000, headers: 4000 });
    } finally {
      await defaults.close();
      await tuned.close();
    }
  });

  it('refuses timeouts that are not positive whole milliseconds, or headers allowed longer than the request', async () => {
    expect(() => resolveConfig({ connectionTimeoutMs: 0 })).toThrow(/connectionTimeoutMs must be a positive/);
    expect(() => resolveConfig({ requestTimeoutMs: 1.5 })).toThrow(/requestTimeoutMs must be a positive/);
    expect(() => resolveConfig({ requestTimeoutMs: 1000, headersTimeoutMs: 2000 })).toThrow(/headersTimeoutMs .* requestTimeoutMs/);
  });
});

describe('persisted state', () => {
  it('keeps accounts across restarts in the state file, without any Aadhaar number', async () => {
    const stateFolder = mkdtempSync(path.join(tmpdir(), 'sandbox-state-'));
    onTestFinished(() => rmSync(stateFolder, { recursive: true, force: true }));
    const stateFile = path.join(stateFolder, 'state.json');
    const first = await startTestSandbox({ stateFile });
    let healthIdNumber: string;
    try {
      const created = await enrol(first, await gatewayToken(first), secondResident.aadhaar, secondResident.aadhaarMobile, { healthId: 'kept.across' });
      healthIdNumber = created.healthIdNumber;
    } finally {
      await first.close();
    }
    const saved = readFileSync(stateFile, 'utf8');
    expect(saved).toContain('kept.across@sbx');
    for (const identity of Object.values(TRAINING_IDENTITIES)) expect(saved).not.toContain(identity.aadhaar);

    const second = await startTestSandbox({ stateFile });
    try {
      const token = await gatewayToken(second);
      const userToken = await loginWithAadhaarOtp(second, token, 'kept.across@sbx');
      const profile = await getJson(`${second.healthIdBaseUrl}${paths.profile}`, { ...bearer(token), 'x-token': `Bearer ${userToken}` });
      expect(profile.json).toMatchObject({ healthIdNumber, name: 'Priya Rani Reddy' });
      const again = await enrol(second, token, secondResident.aadhaar, secondResident.aadhaarMobile);
      expect(again).toMatchObject({ new: false, healthIdNumber });
    } finally {
      await second.close();
    }
  });
});
