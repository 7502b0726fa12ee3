// /_sandbox controls answer only this machine's own tools: a loopback peer, a Host naming the sandbox
// (no DNS rebinding) and no foreign Origin (no other web page in the operator's browser).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index';
import { getJson, postJson, startTestSandbox } from '../support/sandbox-http';

interface RawAnswer {
  status: number;
  text: string;
  json: unknown;
}

/** node:http rather than fetch: fetch will not let a test choose the Host header. */
function send(sandbox: RunningSandbox, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  const { port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    req.setTimeout(5000, () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

function refusal(answer: RawAnswer): string {
  expect(answer.status, answer.text).toBe(403);
  const body = answer.json as { code: string; details: Array<{ code: string; message: string }> };
  expect(body.code).toBe('HIS-403');
  expect(body.details[0]!.code).toBe('HIS-403');
  return body.details[0]!.message;
}

describe('/_sandbox controls refuse other web pages and foreign host names', () => {
  let sandbox: RunningSandbox;
  let host: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    host = new URL(sandbox.url).host;
  });
  afterAll(() => sandbox.close());

  async function careContextsOfAsha(): Promise<number> {
    const directory = (await getJson(`${sandbox.url}/_sandbox/hiu/directory`)).json as { patients: { id: string; careContexts: unknown[] }[] };
    return directory.patients.find((p) => p.id === 'asha.verma@sbx')!.careContexts.length;
  }

  it('refuses POST /_sandbox/reset from a foreign Origin, and nothing is reset', async () => {
    const record = { hipId: 'HIP-CITYCLINIC-PUNE', careContextReference: 'CC-GUARD-1', hiTypes: ['Prescription'] };
    expect((await postJson(`${sandbox.url}/_sandbox/patients/asha.verma@sbx/records`, record)).status).toBe(200);
    const before = await careContextsOfAsha();

    const answer = await send(sandbox, 'POST', '/_sandbox/reset', { host, origin: 'http://evil.example' }, '{}');
    expect(refusal(answer)).toBe('Sandbox controls refuse requests from other web pages (Origin http://evil.example).');
    // A percent-encoded path reaches the same route; the guard must not be keyed on the raw URL.
    refusal(await send(sandbox, 'POST', '/%5Fsandbox/reset', { host, origin: 'http://evil.example' }, '{}'));
    refusal(await send(sandbox, 'POST', '/_sandbox/reset', { host, origin: 'null' }, '{}'));
    refusal(await send(sandbox, 'POST', '/_sandbox/faults', { host, origin: `http://evil.example:${new URL(sandbox.url).port}` }, '{}'));
    expect(await careContextsOfAsha()).toBe(before);
  });

  it('refuses a Host header that does not name the sandbox (DNS rebinding)', async () => {
    const { port } = new URL(sandbox.url);
    const answer = await send(sandbox, 'GET', '/_sandbox/hiu/consents', { host: `evil.example:${port}` });
    expect(refusal(answer)).toBe(`Sandbox controls answer only requests addressed to 127.0.0.1:${port} or localhost:${port} (Host evil.example:${port}).`);
    refusal(await send(sandbox, 'GET', '/_sandbox/faults', { host: '127.0.0.1:1' }));
    refusal(await send(sandbox, 'GET', '/_sandbox/faults', { host: '127.0.0.1' }));
  });

  it('answers its own origin and host names', async () => {
    const { port } = new URL(sandbox.url);
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const answer = await send(sandbox, 'POST', '/_sandbox/faults', { host, origin }, '{}');
      expect(answer.status, `${origin}: ${answer.text}`).toBe(200);
    }
    for (const name of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const answer = await send(sandbox, 'GET', '/_sandbox/hiu/consents', { host: name });
      expect(answer.status, `${name}: ${answer.text}`).toBe(200);
    }
  });

  it('quotes at most 100 characters of a refused header', async () => {
    const origin = `http://${'a'.repeat(500)}.example`;
    const message = refusal(await send(sandbox, 'POST', '/_sandbox/reset', { host, origin }, '{}'));
    expect(message).toContain(`Origin http://${'a'.repeat(20)}`);
    expect(message.length).toBeLessThan(200);
  });

  it('leaves the ABDM routes alone: a page may call them cross-origin as before', async () => {
    const answer = await send(sandbox, 'GET', '/gateway/v0.5/heartbeat', { host, origin: 'http://evil.example' });
    expect(answer.status, answer.text).toBe(200);
  });
});
