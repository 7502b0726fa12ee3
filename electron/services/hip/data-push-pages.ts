// The pages of a health-information push (reference/spec/gateway-v05.md §2.15; unchanged on HIE-CM v3): each
// document's bundle encrypted with Fidelius to the requester's key, with this push's own key pair and nonce, as an
// entry {content, media, checksum, careContextReference}; entries grouped in order into pages of at most
// MAX_PAGE_BYTES (and MAX_PAGE_ENTRIES) of JSON, each page carrying OUR key material so the HIU can decrypt it.
// Encryption under one key pair and nonce is deterministic, so a page sent again after a restart is the same bytes.
import { createHash } from 'node:crypto';
import { encrypt } from '../../crypto/fidelius';
import { toX509PublicKey } from '../../crypto/fidelius-keys';
import type { FiledDocument } from './hip-types';

/** A page's JSON stays under this (ABDM names no limit; this desk's own HIU takes 64 MB; 4 MB passes any proxy). */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** And holds at most this many entries. */
export const MAX_PAGE_ENTRIES = 50;

/** What encrypting a transfer's entries takes: our key pair and nonce, the requester's public key and nonce. */
export interface PushKeys {
  privateKey: string;
  /** Raw uncompressed point, base64. */
  publicKey: string;
  nonce: string;
  /** ISO: when our key material stops being good (the transfer's deadline). */
  expiry: string;
  requesterKey: string;
  requesterNonce: string;
}

export interface PushEntry {
  content: string;
  media: 'application/fhir+json';
  checksum: string;
  careContextReference: string;
}

export interface PageLimits {
  bytes: number;
  entries: number;
}

/** The spec's "MD5 checksum of the content before encryption": lowercase hex of the bundle's UTF-8 bytes. */
export function checksumOf(bundle: string): string {
  return createHash('md5').update(bundle, 'utf8').digest('hex');
}

export function entryOf(document: FiledDocument, keys: PushKeys): PushEntry {
  const bundle = document.bundle();
  const content = encrypt({
    plaintext: bundle,
    senderNonce: keys.nonce,
    requesterNonce: keys.requesterNonce,
    senderPrivateKey: keys.privateKey,
    requesterPublicKey: keys.requesterKey,
  });
  return { content, media: 'application/fhir+json', checksum: checksumOf(bundle), careContextReference: document.visitId };
}

/** Our key material as the page carries it: the public key in X.509 form, as HIPs send it (and Java HIUs require). */
export function keyMaterialOf(keys: PushKeys) {
  return {
    cryptoAlg: 'ECDH',
    curve: 'Curve25519',
    dhPublicKey: { expiry: keys.expiry, parameters: 'Curve25519/32byte random key', keyValue: toX509PublicKey(keys.publicKey) },
    nonce: keys.nonce,
  };
}

export function pageBody(input: { pageNumber: number; pageCount: number; transactionId: string; entries: PushEntry[]; keys: PushKeys }) {
  return {
    pageNumber: input.pageNumber,
    pageCount: input.pageCount,
    transactionId: input.transactionId,
    entries: input.entries,
    keyMaterial: keyMaterialOf(input.keys),
  };
}

/**
 * Groups documents into pages, in order, by the size their entries will have (worked out without encrypting:
 * AES-GCM adds 16 bytes, base64 4/3). A document larger than a page goes on a page of its own.
 */
export function planPages(documents: readonly FiledDocument[], limits: PageLimits): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let bytes = 0;
  for (const document of documents) {
    const size = entrySize(document);
    if (page.length > 0 && (bytes + size > limits.bytes || page.length >= limits.entries)) {
      pages.push(page);
      page = [];
      bytes = 0;
    }
    page.push(document.id);
    bytes += size;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

/** An entry's JSON size: the ciphertext's base64, the checksum, the reference and the field names. */
function entrySize(document: FiledDocument): number {
  const plain = Buffer.byteLength(document.bundle(), 'utf8');
  return Math.ceil((plain + 16) / 3) * 4 + 32 + Buffer.byteLength(document.visitId, 'utf8') + 120;
}
