// What the HIP data-flow tests share: a fake DocumentsPort holding bundles (the documents helper's real one is tested
// on its own), and an HIU's data-push server that decrypts every page with its own Fidelius key pair
// (electron/crypto/fidelius.ts, the requester's side) and can be told to fail.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt, generateKeyMaterial, type FideliusKeyMaterial } from '../../../electron/crypto/fidelius';
import type { DocumentKind, DocumentsPort, FiledDocument } from '../../../electron/services/hip/hip-types';

export interface HeldDocument {
  id: string;
  visitId: string;
  patientNumber: string;
  kind: DocumentKind;
  /** yyyy-mm-dd */
  date: string;
  bundle: string;
}

/** A FHIR document bundle as text; Hindi in it, so UTF-8 must survive the trip. */
export function bundleText(id: string, note = 'पर्चा: दिन में दो बार'): string {
  return JSON.stringify({
    resourceType: 'Bundle',
    id,
    type: 'document',
    timestamp: '2026-11-27T10:00:00.000+05:30',
    entry: [{ fullUrl: `urn:uuid:${id}`, resource: { resourceType: 'Composition', id, status: 'final', title: note } }],
  });
}

/** Documents the way services/hip/documents.ts answers `covered`: these visits, these kinds, dated in the range. */
export function fakeDocuments(held: HeldDocument[]): Pick<DocumentsPort, 'covered'> & { held: HeldDocument[] } {
  return {
    held,
    covered(query) {
      const from = query.from.slice(0, 10);
      const to = query.to.slice(0, 10);
      return held
        .filter((d) => query.careContextReferences.includes(d.visitId) && query.hiTypes.includes(d.kind) && d.date >= from && d.date <= to)
        .map((d): FiledDocument => ({ id: d.id, visitId: d.visitId, patientNumber: d.patientNumber, kind: d.kind, date: d.date, bundle: () => d.bundle }));
    },
  };
}

export interface ReceivedPage {
  pageNumber: number;
  pageCount: number;
  transactionId: string;
  /** Each entry decrypted, with its checksum checked against the MD5 of what was decrypted. */
  bundles: { careContextReference: string; text: string; checksumMatches: boolean; media: string }[];
  keyValue: string;
  nonce: string;
}

/** The HIU's data-push URL: answers `statuses` in turn (then 202), decrypting what it accepts with `keys`. */
export async function startPushReceiver() {
  const keys: FideliusKeyMaterial = generateKeyMaterial();
  const pages: ReceivedPage[] = [];
  const attempts: number[] = [];
  let statuses: number[] = [];
  let always: number | null = null;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    attempts.push(body.pageNumber);
    const status = always ?? statuses.shift() ?? 202;
    if (status === 202) {
      const keyValue = body.keyMaterial.dhPublicKey.keyValue as string;
      pages.push({
        pageNumber: body.pageNumber,
        pageCount: body.pageCount,
        transactionId: body.transactionId,
        keyValue,
        nonce: body.keyMaterial.nonce,
        bundles: body.entries.map((entry: { content: string; checksum: string; careContextReference: string; media: string }) => {
          const text = decrypt({ encryptedData: entry.content, requesterNonce: keys.nonce, senderNonce: body.keyMaterial.nonce, requesterPrivateKey: keys.privateKey, senderPublicKey: keyValue });
          return { careContextReference: entry.careContextReference, text, media: entry.media, checksumMatches: createHash('md5').update(text, 'utf8').digest('hex') === entry.checksum };
        }),
      });
    }
    response.writeHead(status);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/data-push`,
    keys,
    pages,
    attempts,
    /** The next answers, in order (then 202 again). */
    failNext(...next: number[]) {
      statuses = next;
    },
    failAlways(status: number | null) {
      always = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
