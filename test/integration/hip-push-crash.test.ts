// Crash safety of the HIP's push: a child process (test/support/hip-push-crash-child.ts) accepts a health-information
// request whose consent covers 20 documents, one per page, and pushes them to the HIU's dataPushUrl (a server here
// that decrypts every page with its own keys). The child is SIGKILLed while the HIU holds page 8 unanswered, then
// started again on the same data folder. Either the transfer completes (all 20 pages at the HIU, a page sent twice
// byte-identical, all under the same key material) and is notified TRANSFERRED, or (restarted past ABDM's two hours)
// it is notified FAILED with nothing more pushed. Never TRANSFERRED with a page missing.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decrypt, generateKeyMaterial } from '../../electron/crypto/fidelius';
import { gatewayToken, signingKey, startJwksServer } from '../support/gateway-signing';
import { startFakeGateway } from '../support/fake-gateway';
import { CRASH_DOCUMENTS, CRASH_HIP_ID } from '../support/hip-push-crash-documents';
import { repoRoot } from '../support/official-spec';

const PAGES = 20;
const KILL_ON_PAGE = 8;
const NOTIFY = '/data-flow/v3/health-information/notify';

type Json = Record<string, any>;

function startChild(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/hip-push-crash-child.ts', ...args], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] }) as ChildProcessWithoutNullStreams;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: Json[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as Json);
    } catch {
      // not one of ours
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = async () => {
    await vi.waitFor(() => expect(lines.find((l) => l.event === 'listening'), stderr).toBeDefined(), { timeout: 60_000, interval: 50 });
    return lines.find((l) => l.event === 'listening')!.url as string;
  };
  return { child, exited, listening, stderr: () => stderr };
}

/** The HIU's data-push server: decrypts every page it takes; on `holdPage` it calls `onHold` and never answers. */
async function startHiu(holdPage: number, onHold: () => void) {
  const keys = generateKeyMaterial();
  const received: { pageNumber: number; pageCount: number; keyValue: string; nonce: string; texts: string[]; raw: string }[] = [];
  let held = false;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(raw) as Json;
    const keyValue = body.keyMaterial.dhPublicKey.keyValue as string;
    received.push({
      pageNumber: body.pageNumber,
      pageCount: body.pageCount,
      keyValue,
      nonce: body.keyMaterial.nonce,
      raw,
      texts: body.entries.map((entry: Json) => decrypt({ encryptedData: entry.content, requesterNonce: keys.nonce, senderNonce: body.keyMaterial.nonce, requesterPrivateKey: keys.privateKey, senderPublicKey: keyValue })),
    });
    if (!held && body.pageNumber === holdPage) {
      held = true;
      onHold();
      return; // the page's answer never comes: the desk is killed waiting for it
    }
    response.writeHead(202);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/data-push`,
    keys,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

describe('a SIGKILL in the middle of a 20-page push', () => {
  it.each([
    ['completes after the restart: all 20 pages at the HIU, notified TRANSFERRED', 0],
    ['ends FAILED when the restart comes past ABDM’s two hours, with nothing more pushed', 2 * 3600_000 + 60_000],
  ])('%s', { timeout: 180_000 }, async (_what, restartOffsetMs) => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'abha-hip-crash-'));
    cleanup.push(async () => rmSync(base, { recursive: true, force: true }));
    const dataFolder = path.join(base, 'data');
    const secretsFile = path.join(base, 'keychain.json');
    const gateway = await startFakeGateway();
    cleanup.push(() => new Promise<void>((resolve) => gateway.server.close(() => resolve())));
    const key = await signingKey();
    const jwks = await startJwksServer([key]);
    cleanup.push(jwks.close);

    let first: ReturnType<typeof startChild> | null = null;
    const hiu = await startHiu(KILL_ON_PAGE, () => void first?.child.kill('SIGKILL'));
    cleanup.push(hiu.close);
    first = startChild([dataFolder, secretsFile, gateway.url, jwks.url, '0']);
    cleanup.push(async () => void first!.child.kill('SIGKILL'));
    const bridgeUrl = await first.listening();

    const post = async (callbackPath: string, body: Json) => {
      const token = await gatewayToken(key, { nowMs: Date.now() });
      const response = await fetch(`${bridgeUrl}${callbackPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'request-id': randomUUID(), timestamp: new Date().toISOString(), 'x-hip-id': CRASH_HIP_ID, 'x-cm-id': 'sbx' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(202);
    };
    const consentId = randomUUID();
    const transactionId = randomUUID();
    await post('/api/v3/consent/request/hip/notify', {
      notification: {
        status: 'GRANTED',
        consentId,
        consentDetail: {
          consentId,
          patient: { id: 'asha@sbx' },
          careContexts: ['visit-a', 'visit-b'].map((careContextReference) => ({ patientReference: 'OPD-000001', careContextReference })),
          purpose: { code: 'CAREMGT', text: 'Care Management' },
          hip: { id: CRASH_HIP_ID },
          hiu: { id: 'HIU-CITY', name: 'City Hospital' },
          hiTypes: ['Prescription', 'DiagnosticReport'],
          permission: { accessMode: 'VIEW', dateRange: { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' }, dataEraseAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), frequency: { unit: 'HOUR', value: 1, repeats: 0 } },
        },
      },
    });
    await post('/api/v3/hip/health-information/request', {
      transactionId,
      hiRequest: {
        consent: { id: consentId },
        dateRange: { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' },
        dataPushUrl: hiu.url,
        keyMaterial: { cryptoAlg: 'ECDH', curve: 'Curve25519', dhPublicKey: { expiry: new Date(Date.now() + 86_400_000).toISOString(), parameters: 'Curve25519/32byte random key', keyValue: hiu.keys.publicKey }, nonce: hiu.keys.nonce },
      },
    });
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    const beforeKill = hiu.received.length;
    expect(hiu.received.map((page) => page.pageNumber)).toEqual(Array.from({ length: KILL_ON_PAGE }, (_, i) => i + 1));
    expect(gateway.calls.filter((call) => call.path === NOTIFY)).toEqual([]);

    // ── The restart on the same folder ─────────────────────────────────────────────────────────────
    const second = startChild([dataFolder, secretsFile, gateway.url, jwks.url, String(restartOffsetMs)]);
    cleanup.push(async () => void second.child.kill('SIGKILL'));
    await second.listening();
    await vi.waitFor(() => expect(gateway.calls.filter((call) => call.path === NOTIFY), second.stderr()).toHaveLength(1), { timeout: 60_000, interval: 50 });
    const notification = gateway.calls.find((call) => call.path === NOTIFY)!.body.notification as Json;
    const pagesSeen = new Set(hiu.received.map((page) => page.pageNumber));

    if (restartOffsetMs === 0) {
      expect(notification.statusNotification.sessionStatus).toBe('TRANSFERRED');
      expect(notification.statusNotification.statusResponses).toEqual([
        { careContextReference: 'visit-a', hiStatus: 'DELIVERED', description: 'Delivered' },
        { careContextReference: 'visit-b', hiStatus: 'DELIVERED', description: 'Delivered' },
      ]);
      // Every page arrived; the one cut off was sent again, the very same bytes (same key pair, nonce, ciphertext).
      expect([...pagesSeen].sort((a, b) => a - b)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
      const byPage = new Map<number, string[]>();
      for (const page of hiu.received) byPage.set(page.pageNumber, [...(byPage.get(page.pageNumber) ?? []), page.raw]);
      for (const [pageNumber, copies] of byPage) expect(new Set(copies).size, `page ${pageNumber}`).toBe(1);
      expect(byPage.get(KILL_ON_PAGE)).toHaveLength(2);
      expect(new Set(hiu.received.map((page) => `${page.keyValue} ${page.nonce}`)).size).toBe(1);
      expect(hiu.received.every((page) => page.pageCount === PAGES)).toBe(true);
      // The bundles, in page order, are the 20 documents exactly.
      const texts = [...byPage.keys()].sort((a, b) => a - b).map((n) => hiu.received.find((page) => page.pageNumber === n)!.texts);
      expect(texts).toEqual(CRASH_DOCUMENTS.map((document) => [document.bundle]));
    } else {
      expect(notification.statusNotification.sessionStatus).toBe('FAILED');
      expect(notification.statusNotification.statusResponses.every((response: Json) => response.hiStatus === 'ERRORED')).toBe(true);
      expect(hiu.received).toHaveLength(beforeKill);
    }
    // Never TRANSFERRED with a page missing.
    if (notification.statusNotification.sessionStatus === 'TRANSFERRED') expect(pagesSeen.size).toBe(PAGES);
    second.child.stdin.write('close\n');
    await second.exited;
  });
});
