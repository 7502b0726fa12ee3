// The data-push URL's secret. HIPs push health data with no token (reference/spec/gateway-v05.md §2.15), so the URL
// itself is the credential: `<bridge public URL>/data-push/<secret>`, one secret per health-information request,
// 256 random bits. Storage keeps only its SHA-256 (electron/store/hiu/data-push-pages.ts).
import { createHash, randomBytes } from 'node:crypto';

export const DATA_PUSH_PREFIX = '/data-push/';

/** base64url of 32 random bytes (43 characters). */
export function newPushSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The bridge path a HIP pushes to for this secret. */
export function dataPushPath(secret: string): string {
  if (!isWellFormedPushSecret(secret)) throw new Error('A data-push secret is base64url text of at least 128 bits.');
  return `${DATA_PUSH_PREFIX}${secret}`;
}

/** base64url of at least 16 bytes (22 characters) and at most 96 (128 characters). */
export function isWellFormedPushSecret(secret: string): boolean {
  return /^[A-Za-z0-9_-]{22,128}$/.test(secret);
}

/**
 * SHA-256 of a push secret, lowercase hex: how the desk's database names a transfer and its pages, and how a desk
 * claims the secret at the relay (`push:<hash>`, relay-protocol.ts) without the relay keeping the secret.
 */
export function pushSecretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
