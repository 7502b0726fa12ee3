// Serves the bundled renderer from a privileged app:// scheme instead of file://, so the page has a real
// origin, a CSP header, and can never read files outside the renderer folder.
import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { resolveInside } from '../files/resolve-inside';
import { RENDERER_CSP } from '../security/csp';

export const APP_SCHEME = 'app';

export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: false } },
  ]);
}

export function isAppUrl(url: string): boolean {
  return url.startsWith(`${APP_SCHEME}://renderer/`);
}

export function serveRenderer(root: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'renderer' ? resolveInside(root, decodeURIComponent(url.pathname)) : null;
    if (!file) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', RENDERER_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
