// Serves the built renderer (and the shim) over loopback with the same protections Electron gives it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveInside } from '../electron/files/resolve-inside';
import { checkHost } from './access';
import { webModePage } from './page';
import { SHIM_PATH } from './protocol';

export interface StaticSite {
  rendererFolder: string;
  origin: string;
  shim: () => Promise<string>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/**
 * The build's files under assets/ are named by a hash of their content, so a name never changes meaning: the browser
 * may keep them, and with them the compiled code of the scripts, so a reload neither fetches nor compiles the app again
 * (docs/performance.md). The page, the shim and everything else stay no-store: the page names the current files.
 */
const HASHED_ASSETS = '/assets/';
const KEEP_FOREVER = 'max-age=31536000, immutable';

export async function serveStatic(site: StaticSite, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const hostRefusal = checkHost(request, site.origin);
  if (hostRefusal) return reply(response, hostRefusal.status, hostRefusal.reason);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    return reply(response, 405, 'Only GET and HEAD are served.');
  }
  const urlPath = new URL(request.url ?? '/', site.origin).pathname;
  if (urlPath === SHIM_PATH) return send(response, request, '.js', await site.shim());
  if (urlPath === '/' || urlPath === '/index.html') return servePage(site, request, response);

  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return reply(response, 400, 'The path is not valid percent-encoding.');
  }
  const file = resolveInside(site.rendererFolder, decoded);
  if (!file) return reply(response, 403, 'That path is outside the renderer folder.');
  const body = await readFile(file).catch(() => null);
  if (!body) return reply(response, 404, `Not found: ${urlPath}`);
  send(response, request, path.extname(file), body, urlPath.startsWith(HASHED_ASSETS) ? KEEP_FOREVER : undefined);
}

async function servePage(site: StaticSite, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const index = await readFile(path.join(site.rendererFolder, 'index.html'), 'utf8').catch(() => null);
  if (index === null) {
    return reply(response, 503, `The renderer is not built (no ${site.rendererFolder}/index.html). Run: npx vite build`);
  }
  const page = webModePage(index, site.origin.replace(/^http/, 'ws'));
  response.setHeader('Content-Security-Policy', page.csp);
  response.setHeader('X-Frame-Options', 'DENY');
  send(response, request, '.html', page.html);
}

function send(response: ServerResponse, request: IncomingMessage, extension: string, body: string | Buffer, cacheControl?: string): void {
  response.writeHead(200, {
    ...COMMON_HEADERS,
    ...(cacheControl ? { 'Cache-Control': cacheControl } : {}),
    'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function reply(response: ServerResponse, status: number, message: string): void {
  const body = `${message}\n`;
  response.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}
