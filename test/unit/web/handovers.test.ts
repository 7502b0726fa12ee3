// Web mode's stand-in for the save and print dialogs (web-mode/handovers.ts, browser-desktop.ts): a file or print page
// behind a one-time URL that only this server's pages may fetch, once, within its time; the call says what happened.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { printGeometry } from '../../../electron/cards/print-layout';
import { browserDesktop } from '../../../web-mode/browser-desktop';
import { contentDisposition, Handovers } from '../../../web-mode/handovers';
import type { Handover } from '../../../web-mode/protocol';

let http: Server;
let origin: string;
let handovers: Handovers;

async function serve(lifetimeMs?: number): Promise<void> {
  handovers = new Handovers(lifetimeMs);
  http = createServer((request, response) => handovers.serve(request, response, origin));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** A fetch as Chromium makes it for a same-origin <a download> or <iframe>. */
function fetchAsPage(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(origin + url, { headers: { 'Sec-Fetch-Site': 'same-origin', ...headers } });
}

beforeEach(() => serve());

afterEach(async () => {
  handovers.close();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

describe('one-time URLs', () => {
  it('serves a download once, with its name, type and headers that keep it from running or being cached', async () => {
    const { url, taken } = handovers.offer({ kind: 'download', name: 'ABHA-card-91-4820-1736-5529-25-11-2026.pdf', contentType: 'application/pdf', body: Buffer.from('%PDF-1.4 card') });
    expect(url).toMatch(/^\/__web\/handover\/[A-Za-z0-9_-]{43}$/);
    const response = await fetchAsPage(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.4 card');
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="ABHA-card-91-4820-1736-5529-25-11-2026.pdf"; filename*=UTF-8''ABHA-card-91-4820-1736-5529-25-11-2026.pdf`,
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    await expect(taken).resolves.toBeUndefined();
    const again = await fetchAsPage(url);
    expect(again.status).toBe(404);
  });

  it('serves a print page inline, frameable by this origin only, with no scripts allowed', async () => {
    const { url } = handovers.offer({ kind: 'print', name: 'ABHA card', contentType: 'text/html; charset=utf-8', body: Buffer.from('<!doctype html><title>card</title>') });
    const response = await fetchAsPage(url);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/script-src/);
  });

  it('refuses an id it never gave (a guessed or mistyped URL) without disturbing the real one', async () => {
    const { url, taken } = handovers.offer({ kind: 'download', name: 'a.png', contentType: 'image/png', body: Buffer.from('png') });
    const wrong = url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A');
    expect((await fetchAsPage(wrong)).status).toBe(404);
    expect((await fetchAsPage(url)).status).toBe(200);
    await taken;
  });

  it('refuses another site, another origin and another host name (DNS rebinding), and keeps the file for its page', async () => {
    const { url, taken } = handovers.offer({ kind: 'download', name: 'a.png', contentType: 'image/png', body: Buffer.from('png') });
    expect((await fetchAsPage(url, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await fetchAsPage(url, { Origin: 'http://localhost:3000' })).status).toBe(403);
    const rebound = await new Promise<number>((resolve) => {
      // fetch() will not send a Host of our choosing; a raw request does, as a rebinding page's browser would.
      const socket = connect(Number(new URL(origin).port), '127.0.0.1', () => {
        socket.write(`GET ${url} HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n`);
      });
      let head = '';
      socket.on('data', (chunk: Buffer) => (head += chunk.toString()));
      socket.on('end', () => resolve(Number(head.split(' ')[1])));
    });
    expect(rebound).toBe(403);
    expect((await fetch(origin + url, { method: 'POST' })).status).toBe(405);
    expect((await fetchAsPage(url)).status).toBe(200);
    await taken;
  });

  it('withdraws a file nobody fetched in time: the URL is gone and the waiting call fails with HANDOVER_NOT_TAKEN', async () => {
    handovers.close();
    http.close();
    await serve(50);
    const { url, taken } = handovers.offer({ kind: 'print', name: 'page', contentType: 'text/html', body: Buffer.from('<p>') });
    await expect(taken).rejects.toMatchObject({ code: 'HANDOVER_NOT_TAKEN', params: { kind: 'print' } });
    expect((await fetchAsPage(url)).status).toBe(404);
  });

  it('names a file with characters outside ASCII exactly (RFC 8187) and plainly for old clients', () => {
    expect(contentDisposition('कार्ड "1".pdf')).toBe(`attachment; filename="_____ _1_.pdf"; filename*=UTF-8''%E0%A4%95%E0%A4%BE%E0%A4%B0%E0%A5%8D%E0%A4%A1%20%221%22.pdf`);
  });
});

describe('browser desktop', () => {
  it('save hands the file to the page that asked, and says it was handed over as a download once fetched', async () => {
    const told: Handover[] = [];
    const desktop = browserDesktop(handovers, (handover) => {
      told.push(handover);
      void fetchAsPage(handover.url);
      return true;
    });
    const outcome = await desktop.save('ABHA-card-91-4820-1736-5529-25-11-2026.svg', 'svg', Buffer.from('<svg/>'));
    expect(outcome).toEqual({ saved: true, download: 'ABHA-card-91-4820-1736-5529-25-11-2026.svg' });
    expect(told).toEqual([{ kind: 'download', name: 'ABHA-card-91-4820-1736-5529-25-11-2026.svg', url: expect.stringMatching(/^\/__web\/handover\//) }]);
  });

  it('print says the browser’s print dialog was opened, never that it printed', async () => {
    let body = '';
    const desktop = browserDesktop(handovers, (handover) => {
      void fetchAsPage(handover.url).then(async (response) => (body = await response.text()));
      return true;
    });
    const outcome = await desktop.print({ title: 'ABHA-card-91-4820-1736-5529-CR80-25-11-2026', html: '<!doctype html><p>card</p>', geometry: printGeometry('cr80') });
    expect(outcome).toEqual({ printed: false, dialogOpened: true });
    await expect.poll(() => body).toBe('<!doctype html><p>card</p>');
  });

  it('fails at once when no page is there to take the file, and leaves nothing behind', async () => {
    let url = '';
    const desktop = browserDesktop(handovers, (handover) => {
      url = handover.url;
      return false;
    });
    await expect(desktop.save('a.pdf', 'pdf', Buffer.from('%PDF'))).rejects.toMatchObject({ code: 'HANDOVER_NOT_TAKEN', params: { kind: 'download' } });
    expect((await fetchAsPage(url)).status).toBe(404);
  });

  it('makes a suggested name safe on every system: no folders, no characters Windows refuses', async () => {
    const told: Handover[] = [];
    const desktop = browserDesktop(handovers, (handover) => {
      told.push(handover);
      void fetchAsPage(handover.url);
      return true;
    });
    await desktop.save('../../etc/re:port?.csv', 'file', Buffer.from('a,b'));
    expect(told[0]!.name).toBe('re-port-.csv');
  });
});
