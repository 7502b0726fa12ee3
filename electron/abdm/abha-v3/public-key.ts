// ABHA v3's public key (`GET /profile/public/certificate` → `{publicKey}`, reference/spec/abdm-v3.md §1), fetched
// once and kept. When a call suggests its encrypted values could not be read, the key is fetched again and the call
// repeated once, but only if the key really changed: the same key would be refused the same way.
import type { KeyObject } from 'node:crypto';
import { abhaPublicKey, encryptForAbha } from './encryption';
import { CertificateAnswer } from './schemas';
import type { AbhaV3Transport } from './transport';
import { AbdmBadResponseError, AbdmError } from '../errors';

interface HeldKey {
  text: string;
  key: KeyObject;
}

/** Encrypts one clear value for the service. */
export type Encrypt = (value: string) => string;

// Fields whose values travel encrypted; a refusal naming one may mean the key changed.
const ENCRYPTED_FIELDS = new Set(['loginId', 'otpValue', 'otp']);

/** The refusal could be the service failing to decrypt what was sent. */
export function mayBeKeyRefusal(error: unknown): boolean {
  if (!(error instanceof AbdmError) || error.status < 400 || error.status >= 500 || error.status === 401) return false;
  const field = (error.details as { field?: unknown } | undefined)?.field;
  return (typeof field === 'string' && ENCRYPTED_FIELDS.has(field)) || /decrypt|encrypt|cipher|padding|public key|certificate/i.test(error.message);
}

export class AbhaV3Key {
  private held: Promise<HeldKey> | undefined;

  constructor(private readonly transport: AbhaV3Transport) {}

  /** Sends a call built with the encryption, repeating it once with a fresh key when the key seems to be the problem. */
  async withEncryption<T>(send: (encrypt: Encrypt) => Promise<T>): Promise<T> {
    const used = await this.current();
    try {
      return await send((value) => encryptForAbha(used.key, value));
    } catch (error) {
      if (!mayBeKeyRefusal(error)) throw error;
      // Failing to fetch the key again leaves ABDM's refusal as the thing to report.
      const fresh = await this.refetch(used).catch(() => undefined);
      if (!fresh || fresh.text === used.text) throw error;
      return send((value) => encryptForAbha(fresh.key, value));
    }
  }

  private current(): Promise<HeldKey> {
    this.held ??= this.fetch();
    return this.held;
  }

  /** Drops `stale` (unless another call already replaced it) and fetches the key again. */
  private async refetch(stale: HeldKey): Promise<HeldKey> {
    const now = this.held ? await this.held.catch(() => undefined) : undefined;
    if (now === stale || now === undefined) this.held = undefined;
    return this.current();
  }

  private fetch(): Promise<HeldKey> {
    const loading = this.load();
    // A failed fetch is not kept: the next call asks again.
    loading.catch(() => {
      if (this.held === loading) this.held = undefined;
    });
    return loading;
  }

  private async load(): Promise<HeldKey> {
    const operation = 'publicCertificate';
    const answer = CertificateAnswer.safeParse(await this.transport.json({ operation, method: 'GET', path: '/profile/public/certificate' }));
    if (!answer.success) throw new AbdmBadResponseError('abha', operation, 200, '"publicKey" is missing');
    const text = answer.data.publicKey.trim();
    try {
      return { text, key: abhaPublicKey(text) };
    } catch {
      throw new AbdmBadResponseError('abha', operation, 200, '"publicKey" is not an RSA public key');
    }
  }
}
