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
  const html = indexHtml.slice(0, firstScript) + shimTag + indexHtml.slice(firstScript);
  return { html: html.replace(meta[0], `<meta http-equiv="Content-Security-Policy" content="${csp}" />`), csp };
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
