// The web-mode HTTP side: the page with its web-mode CSP and shim, and nothing else.
import http from 'node:http';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SHIM_PATH } from '../../../web-mode/protocol';
import { webModePage } from '../../../web-mode/page';
import { INDEX_HTML, startTestServer, type TestServer } from './web-server-fixture';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

/** A raw request, so the path and Host header go out exactly as written. */
function get(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const { hostname, port } = new URL(origin);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ hostname, port, path, method, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the page', () => {
  it('allows connections only to its own socket, in the header and in the meta tag', async () => {
    server = await startTestServer();
    const page = await get(server.origin, '/');
    const socketOrigin = server.origin.replace('http:', 'ws:');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`connect-src ${socketOrigin}`);
    expect(page.headers['content-security-policy']).not.toContain("connect-src 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(`content="${page.headers['content-security-policy']}"`);
  });

  it('loads the shim before the app script, from its own origin', async () => {
    server = await startTestServer();
    const page = await get(server.origin, '/');
    const shimAt = page.body.indexOf(`<script src=".${SHIM_PATH}"></script>`);
    expect(shimAt).toBeGreaterThan(0);
    expect(shimAt).toBeLessThan(page.body.indexOf('<script type="module"'));
  });

  it('serves a shim that defines window.abhaDesk with the contract channels and no zod', async () => {
    server = await startTestServer();
    const shim = await get(server.origin, SHIM_PATH);
    expect(shim.status).toBe(200);
    expect(shim.headers['content-type']).toMatch(/^text\/javascript/);
    expect(shim.body).toContain('abhaDesk');
    expect(shim.body).toContain('"settings.update"');
    expect(shim.body).not.toMatch(/zod/i);
  });

  it('says how to build the renderer when it is missing', async () => {
    server = await startTestServer();
    rmSync(server.rendererFolder, { recursive: true });
    const page = await get(server.origin, '/');
    expect(page.status).toBe(503);
    expect(page.body).toContain('npx vite build');
  });
});

describe('what is refused', () => {
  it('refuses a request addressed to another host name (DNS rebinding)', async () => {
    server = await startTestServer();
    const page = await get(server.origin, '/', { Host: `evil.example:${new URL(server.origin).port}` });
    expect(page.status).toBe(403);
  });

  it('never serves files outside the renderer folder', async () => {
    server = await startTestServer();
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      const response = await get(server.origin, path);
      expect(response.status, path).not.toBe(200);
      expect(response.body).not.toContain('outside the renderer folder');
    }
  });

  it('serves the built assets, and 404 for what is not there', async () => {
    server = await startTestServer();
    expect((await get(server.origin, '/assets/app.js')).status).toBe(200);
    expect((await get(server.origin, '/assets/missing.js')).status).toBe(404);
  });

  it('lets the browser keep the hash-named build files, and never the page, the shim or an answer that is not a file', async () => {
    server = await startTestServer();
    const asset = await get(server.origin, '/assets/app.js');
    expect(asset.headers['cache-control']).toBe('max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const path of ['/', '/index.html', SHIM_PATH, '/assets/missing.js', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      expect((await get(server.origin, path)).headers['cache-control'], path).toBe('no-store');
    }
  });

  it('answers only GET and HEAD', async () => {
    server = await startTestServer();
    expect((await get(server.origin, '/', {}, 'POST')).status).toBe(405);
  });
});

describe('webModePage', () => {
  it('asks for the app’s own first script and style sheet before the shim, so they load beside it, and runs them after it', () => {
    const built = INDEX_HTML.replace(
      '</script>',
      '</script>\n<link rel="stylesheet" crossorigin href="./assets/app.css">',
    );
    const { html } = webModePage(built, 'ws://127.0.0.1:5174');
    const shimAt = html.indexOf(`<script src=".${SHIM_PATH}"></script>`);
    const scriptPreloadAt = html.indexOf('<link rel="modulepreload" crossorigin href="./assets/app.js" />');
    const stylePreloadAt = html.indexOf('<link rel="preload" as="style" crossorigin href="./assets/app.css" />');
    expect(scriptPreloadAt).toBeGreaterThan(0);
    expect(stylePreloadAt).toBeGreaterThan(0);
    expect(scriptPreloadAt).toBeLessThan(shimAt);
    expect(stylePreloadAt).toBeLessThan(shimAt);
    expect(shimAt).toBeLessThan(html.indexOf('<script type="module" crossorigin src="./assets/app.js"></script>'));
    expect(html.match(/rel="(modulepreload|preload)"/g)).toHaveLength(2);
  });

  it('refuses a page without a CSP rather than serving it unprotected', () => {
    expect(() => webModePage('<html><script src="a.js"></script></html>', 'ws://127.0.0.1:1')).toThrow(
      /no Content-Security-Policy/,
    );
  });

  it('keeps every other directive of the renderer policy, and frames only its own server’s one-time print pages', () => {
    const { csp } = webModePage(INDEX_HTML, 'ws://127.0.0.1:5174');
    expect(csp).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; connect-src ws://127.0.0.1:5174; " +
        'frame-src http://127.0.0.1:5174/__web/handover/',
    );
  });
});
