// Telling the training gateway where the desk's callbacks go, on each generation: the path, the method and the
// headers NHA's files name (gateway-v05.md §3.4: PATCH /v1/bridges; abdm-v3.md §1: PATCH /gateway/v3/bridge/url with
// REQUEST-ID, TIMESTAMP and X-CM-ID), against a tiny HTTP server.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerBridgeUrl } from '../../../electron/abdm/gateway/bridge-registration';
import { GatewaySession } from '../../../electron/abdm/session';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let server: Server;
let origin: string;
let seen: Seen[];

beforeEach(async () => {
  seen = [];
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body: JSON.parse(text || 'null') });
      const isSession = request.url!.endsWith('/sessions');
      response.writeHead(isSession ? 200 : 202, { 'content-type': 'application/json' });
      response.end(isSession ? JSON.stringify({ accessToken: 'gateway-token', expiresIn: 600 }) : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const secret = async () => 'secret';

describe('registerBridgeUrl', () => {
  it('on gateway v0.5 patches /v1/bridges with the URL and the gateway token, and no consent manager header', async () => {
    const gatewayBaseUrl = `${origin}/gateway`;
    const session = new GatewaySession({ gatewayBaseUrl, clientId: 'desk', clientSecret: secret });
    await registerBridgeUrl({ gatewayBaseUrl, session, url: 'https://clinic.example/abdm' });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /gateway/v0.5/sessions', 'PATCH /gateway/v1/bridges']);
    expect(seen[1]!.body).toEqual({ url: 'https://clinic.example/abdm' });
    expect(seen[1]!.headers.authorization).toBe('Bearer gateway-token');
    expect(seen[1]!.headers['x-cm-id']).toBeUndefined();
    expect(seen[1]!.headers['request-id']).toBeUndefined();
  });

  it('on HIE-CM v3 patches /gateway/v3/bridge/url with REQUEST-ID, TIMESTAMP and X-CM-ID', async () => {
    const gatewayBaseUrl = `${origin}/api/hiecm`;
    const session = new GatewaySession({ gatewayBaseUrl, api: 'v3', cmId: 'sbx', clientId: 'desk', clientSecret: secret });
    await registerBridgeUrl({ gatewayBaseUrl, session, url: 'https://clinic.example/abdm', generation: 'v3', cmId: 'sbx' });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/hiecm/gateway/v3/sessions', 'PATCH /api/hiecm/gateway/v3/bridge/url']);
    const patch = seen[1]!;
    expect(patch.body).toEqual({ url: 'https://clinic.example/abdm' });
    expect(patch.headers.authorization).toBe('Bearer gateway-token');
    expect(patch.headers['x-cm-id']).toBe('sbx');
    expect(patch.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(patch.headers.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('refuses a generation it has no call for, before anything is sent', async () => {
    const gatewayBaseUrl = `${origin}/gateway`;
    const session = new GatewaySession({ gatewayBaseUrl, clientId: 'desk', clientSecret: secret });
    await expect(registerBridgeUrl({ gatewayBaseUrl, session, url: 'https://clinic.example/abdm', generation: 'v9' })).rejects.toThrow(TypeError);
    expect(seen).toEqual([]);
  });
});
