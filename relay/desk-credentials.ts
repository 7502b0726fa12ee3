// Desk credentials: `<deskId>.<secret>`, with 256 random bits of secret. The relay keeps only the secret's SHA-256
// (a random 256-bit secret needs no slow password hash: nothing can be guessed from its digest), shows the credential
// once when it is issued, and compares digests in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { splitCredential } from '../electron/bridge/relay-protocol';
import type { DeskRecord, RelayStore } from './store/relay-store';

export function credentialHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new desk of `hiuId`: stored with the hash; the credential is returned once and never again. */
export async function issueDesk(store: RelayStore, hiuId: string, name: string, at: string): Promise<{ desk: DeskRecord; credential: string }> {
  const id = `desk-${randomBytes(6).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  await store.addDesk({ id, hiuId, name, secretHash: credentialHash(secret), createdAt: at });
  return { desk: { id, hiuId, name, createdAt: at, revokedAt: null }, credential: `${id}.${secret}` };
}

/** The desk a bearer credential belongs to, or why not (the same words for every refusal reach the desk). */
export async function authenticateDesk(store: RelayStore, authorization: string | undefined): Promise<DeskRecord | null> {
  const match = /^Bearer (\S+)$/.exec(authorization ?? '');
  const parts = match ? splitCredential(match[1]!) : null;
  if (!parts) return null;
  const desk = await store.findDesk(parts.deskId);
  if (!desk || desk.revokedAt) return null;
  const given = Buffer.from(credentialHash(parts.secret), 'hex');
  const kept = Buffer.from(desk.secretHash, 'hex');
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) return null;
  const { secretHash: _, ...record } = desk;
  return record;
}
