// The v3 gateway session against a tiny HTTP server playing NHA's `POST /api/hiecm/gateway/v3/sessions`
// (gateway.yaml: headers REQUEST-ID, TIMESTAMP, X-CM-ID; body clientId, clientSecret, grantType; 202 with
// accessToken, expiresIn, refreshExpiresIn, refreshToken, tokenType).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbdmError } from '../../../electron/abdm/errors';
import { GatewaySession } from '../../../electron/abdm/session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIMESTAMP_V3 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let server: Server;
let base: string;
let seen: Seen[];
let answer: (n: number) => { status: number; body: unknown };

beforeEach(async () => {
  seen = [];
  answer = (n) => ({ status: 202, body: { accessToken: `token-${n}`, expiresIn: 1200, refreshExpiresIn: 1800, refreshToken: `refresh-${n}`, tokenType: 'bearer' } });
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body: JSON.parse(text || 'null') });
      const { status, body } = answer(seen.length);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/hiecm`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function session(now: () => number = Date.now) {
  return new GatewaySession({ gatewayBaseUrl: base, api: 'v3', cmId: 'sbx', clientId: 'SBX_0000', clientSecret: async () => 'secret-1', now, retryDelaysMs: [] });
}

describe('v3 gateway session', () => {
  it('logs in at /api/hiecm/gateway/v3/sessions with the v3 headers and reads the 202 answer', async () => {
    expect(await session().accessToken()).toBe('token-1');
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.method).toBe('POST');
    expect(call!.url).toBe('/api/hiecm/gateway/v3/sessions');
    expect(call!.headers['request-id']).toMatch(UUID);
    expect(call!.headers.timestamp).toMatch(TIMESTAMP_V3);
    expect(call!.headers['x-cm-id']).toBe('sbx');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.body).toEqual({ clientId: 'SBX_0000', clientSecret: 'secret-1', grantType: 'client_credentials' });
  });

  it('keeps the token until shortly before expiresIn, then logs in afresh with a new REQUEST-ID (no refresh grant)', async () => {
    let clock = Date.parse('2024-10-06T15:10:00.587Z');
    const gateway = session(() => clock);
    expect(await gateway.accessToken()).toBe('token-1');
    clock += 1_000_000;
    expect(await gateway.accessToken()).toBe('token-1');
    expect(seen).toHaveLength(1);
    clock += 200_000;
    expect(await gateway.accessToken()).toBe('token-2');
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body).toEqual({ clientId: 'SBX_0000', clientSecret: 'secret-1', grantType: 'client_credentials' });
    expect(seen[1]!.headers['request-id']).not.toBe(seen[0]!.headers['request-id']);
    expect(seen[1]!.headers.timestamp).toBe('2024-10-06T15:30:00.587Z');
  });

  it('a refused login is an AbdmError of the sessions operation with ABDM’s v3 code', async () => {
    answer = () => ({ status: 400, body: { error: { code: 'ABDM-1015: ', message: 'Bad Request, invalid response' } } });
    const failure = await session().accessToken().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AbdmError);
    expect(failure).toMatchObject({ status: 400, operation: 'sessions' });
  });

  it('an answer without accessToken is not taken', async () => {
    answer = () => ({ status: 202, body: { tokenType: 'bearer' } });
    await expect(session().accessToken()).rejects.toThrow(/accessToken/);
  });

  it('needs the consent manager id', () => {
    expect(() => new GatewaySession({ gatewayBaseUrl: base, api: 'v3', clientId: 'SBX_0000', clientSecret: async () => 's' })).toThrow(/X-CM-ID/);
  });

  it('v0.5 is unchanged: /v0.5/sessions without the v3 headers', async () => {
    const gateway = new GatewaySession({ gatewayBaseUrl: base.replace('/api/hiecm', '/gateway'), clientId: 'SBX_0000', clientSecret: async () => 'secret-1', retryDelaysMs: [] });
    await gateway.accessToken();
    expect(seen[0]!.url).toBe('/gateway/v0.5/sessions');
    expect(seen[0]!.headers['request-id']).toBeUndefined();
    expect(seen[0]!.headers['x-cm-id']).toBeUndefined();
  });
});
