// Files and print pages handed from main to the browser in web mode, each behind a one-time URL: 32 random bytes
// that only the page which made the call learns (over its authenticated WebSocket, ipc-socket.ts). A URL answers one
// GET from this server's own pages and is gone; one nobody fetches within a minute is withdrawn and the waiting call
// fails with HANDOVER_NOT_TAKEN. `taken` resolves once the whole body went out, so "handed to the browser" is a fact.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppFailure } from '../electron/shared/errors';
import { checkHost } from './access';
import { HANDOVER_PATH, type Handover } from './protocol';

export const HANDOVER_LIFETIME_MS = 60_000;

export interface Offer {
  kind: Handover['kind'];
  /** A safe file name (download) or the print page's title. */
  name: string;
  contentType: string;
  body: Buffer;
}

interface Pending {
  offer: Offer;
  timer: NodeJS.Timeout;
  taken: () => void;
  withdrawn: (error: Error) => void;
}

// A print page carries its own CSP too (print-layout.ts); this one also lets only this origin frame it.
const PRINT_PAGE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
// A download is never rendered here; if it were (an SVG opened directly), nothing in it could run.
const DOWNLOAD_CSP = "default-src 'none'; sandbox";

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

export class Handovers {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly lifetimeMs = HANDOVER_LIFETIME_MS) {}

  /** Puts `offer` behind a new one-time URL; `taken` settles when it was sent whole, or fails when withdrawn. */
  offer(offer: Offer): { url: string; taken: Promise<void>; withdraw: () => void } {
    const id = randomBytes(32).toString('base64url');
    const taken = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => this.withdraw(id), this.lifetimeMs);
      this.pending.set(id, { offer, timer, taken: resolve, withdrawn: reject });
    });
    return { url: `${HANDOVER_PATH}${id}`, taken, withdraw: () => this.withdraw(id) };
  }

  /** Whether `pathname` is a handover URL (served by `serve`, not by the static files). */
  static owns(pathname: string): boolean {
    return pathname.startsWith(HANDOVER_PATH);
  }

  serve(request: IncomingMessage, response: ServerResponse, origin: string): void {
    const refusal = checkHost(request, origin) ?? checkFetcher(request, origin);
    if (refusal) return reply(response, refusal.status, refusal.reason);
    if (request.method !== 'GET') {
      response.setHeader('Allow', 'GET');
      return reply(response, 405, 'A handover is fetched with GET, once.');
    }
    const id = new URL(request.url ?? '/', origin).pathname.slice(HANDOVER_PATH.length);
    const pending = this.pending.get(id);
    if (!pending) return reply(response, 404, 'This file was already taken, or its minute is over, or it never existed.');
    // Claimed before a byte is sent: a second request, even one racing this one, finds nothing.
    this.pending.delete(id);
    clearTimeout(pending.timer);
    response.on('finish', () => pending.taken());
    response.on('close', () => {
      if (!response.writableFinished) pending.withdrawn(notTaken(pending.offer.kind));
    });
    response.writeHead(200, { ...COMMON_HEADERS, ...headersFor(pending.offer), 'Content-Length': pending.offer.body.length });
    response.end(pending.offer.body);
  }

  /** Withdraws everything still offered (the server is closing): each waiting call fails. */
  close(): void {
    for (const id of [...this.pending.keys()]) this.withdraw(id);
  }

  private withdraw(id: string): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.withdrawn(notTaken(pending.offer.kind));
  }
}

function headersFor(offer: Offer): Record<string, string> {
  if (offer.kind === 'print') {
    return { 'Content-Type': offer.contentType, 'Content-Security-Policy': PRINT_PAGE_CSP, 'X-Frame-Options': 'SAMEORIGIN' };
  }
  return { 'Content-Type': offer.contentType, 'Content-Security-Policy': DOWNLOAD_CSP, 'Content-Disposition': contentDisposition(offer.name) };
}

/** RFC 6266: an ASCII `filename` for old clients and the exact name as `filename*` (RFC 8187). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Only this server's own pages may fetch a handover. Browsers say who asks: `Sec-Fetch-Site` (a same-origin frame or
 * download is `same-origin`) and, where sent, `Origin`. A client that sends neither (not a browser) still needs the id.
 */
function checkFetcher(request: IncomingMessage, origin: string): { status: 403; reason: string } | null {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return { status: 403, reason: 'Handovers are fetched only by pages of this server.' };
  const from = request.headers.origin;
  if (from !== undefined && from !== origin) return { status: 403, reason: `Handovers are fetched only by pages served at ${origin}.` };
  return null;
}

function notTaken(kind: Handover['kind']): AppFailure {
  return new AppFailure('HANDOVER_NOT_TAKEN', { params: { kind } });
}

function reply(response: ServerResponse, status: number, message: string): void {
  const body = `${message}\n`;
  response.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}
