// Turns the built index.html into the web-mode page: the same CSP with two changes (the page may connect to its own
// WebSocket, and frame the one-time print pages of its own server, nothing else), and the shim script placed before
// the app's first script.
import { HANDOVER_PATH, SHIM_PATH } from './protocol';

const CSP_META = /<meta\s+http-equiv=["']Content-Security-Policy["']\s+content=(["'])([\s\S]*?)\1\s*\/?>/i;

export interface WebPage {
  html: string;
  /** The policy also sent as a header (a meta tag cannot carry frame-ancestors). */
  csp: string;
}

export function webModePage(indexHtml: string, socketOrigin: string, pageOrigin = socketOrigin.replace(/^ws/, 'http')): WebPage {
  const meta = CSP_META.exec(indexHtml);
  if (!meta?.[2]) throw new Error('The built index.html has no Content-Security-Policy meta tag; refusing to serve it.');
  const csp = withDirective(withConnectSrc(meta[2], socketOrigin), 'frame-src', `${pageOrigin}${HANDOVER_PATH}`);
  const firstScript = indexHtml.indexOf('<script');
  if (firstScript < 0) throw new Error('The built index.html has no <script>; is dist/renderer a Vite build?');
  const shimTag = `<script src=".${SHIM_PATH}"></script>\n    `;
  const html = indexHtml.slice(0, firstScript) + appPreloads(indexHtml) + shimTag + indexHtml.slice(firstScript);
  return { html: html.replace(meta[0], `<meta http-equiv="Content-Security-Policy" content="${csp}" />`), csp };
}

const APP_SCRIPT = /<script\s+type="module"\s+crossorigin\s+src="([^"]+)"\s*><\/script>/g;
const APP_STYLES = /<link\s+rel="stylesheet"\s+crossorigin\s+href="([^"]+)"\s*\/?>/g;

/**
 * The shim blocks the parser until it has arrived and run, and Chromium does not fetch what the page names after it
 * ahead of it: the app's first script and its style sheet (which the script waits for) were asked for only then.
 * Named as preloads before the shim, they come (the script compiled too) beside it, and still run and apply after it
 * (docs/performance.md). They are the page's own files, no more.
 */
function appPreloads(indexHtml: string): string {
  const scripts = [...indexHtml.matchAll(APP_SCRIPT)].map((m) => `<link rel="modulepreload" crossorigin href="${m[1]}" />`);
  const styles = [...indexHtml.matchAll(APP_STYLES)].map((m) => `<link rel="preload" as="style" crossorigin href="${m[1]}" />`);
  return [...scripts, ...styles].map((tag) => `${tag}\n    `).join('');
}

/** Replaces connect-src (the renderer's is 'none') with exactly the web-mode socket origin. */
export function withConnectSrc(policy: string, socketOrigin: string): string {
  return withDirective(policy, 'connect-src', socketOrigin);
}

/**
 * Sets one directive to exactly `sources`, replacing the policy's own. frame-src gets the handover path (a source with
 * a path ending in "/" matches only URLs below it): print pages frame there (take-handover.ts), and nothing else may.
 */
export function withDirective(policy: string, name: string, sources: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim().replace(/\s+/g, ' '))
    .filter((directive) => directive && !new RegExp(`^${name}(\\s|$)`, 'i').test(directive));
  return [...directives, `${name} ${sources}`].join('; ');
}
