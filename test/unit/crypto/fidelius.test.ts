import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, generateKeyMaterial } from '../../../electron/crypto/fidelius';
import { FideliusError } from '../../../electron/crypto/fidelius-error';
import { toX509PublicKey } from '../../../electron/crypto/fidelius-keys';

// Public vectors V1 and V2 from reference/spec/fidelius.md A.3 (produced with Java/BouncyCastle).
const V1 = {
  requesterPrivateKey: 'DMxHPri8d7IT23KgLk281zZenMfVHSdeamq0RhwlIBk=',
  requesterPublicKey: 'BAheD5rUqTy4V5xR4/6HWmYpopu5CO+KO8BECS0udNqUTSNo91TIqIIy1A4Vh+F94c+n9vAcwXU2bGcfsI5f69Y=',
  requesterNonce: '6uj1RdDUbcpI3lVMZvijkMC8Te20O4Bcyz0SyivX8Eg=',
  senderPrivateKey: 'AYhVZpbVeX4KS5Qm/W0+9Ye2q3rnVVGmqRICmseWni4=',
  senderPublicKey: 'BABVt+mpRLMXiQpIfEq6bj8hlXsdtXIxLsspmMgLNI1SR5mHgDVbjHO2A+U4QlMddGzqyEidzm1AkhtSxSO2Ahg=',
  senderNonce: 'lmXgblZwotx+DfBgKJF0lZXtAXgBEYr5khh79Zytr2Y=',
  plaintext: "Wormtail should never have been Potter cottage's secret keeper.",
  encryptedData:
    'pzMvVZNNVtJzqPkkxcCbBUWgDEBy/mBXIeT2dJWI16ZAQnnXUb9lI+S4k8XK6mgZSKKSRIHkcNvJpllnBg548wUgavBa0vCRRwdL6kY6Yw==',
};

const V2 = {
  requesterPrivateKey: 'Dnh316gsSfP+0kiNmEgsIekLsY6BQr7b++3rHQ8otAI=',
  requesterPublicKey: 'BBbWU1fw1y1ErdKasIoQKKAWzq3N9ARcrukg7b1MpD3RHi9ofFAFhyIwMIA5p+iMCcLHkzQRoEFvCpNET1+tFtQ=',
  requesterNonce: '5mLKfBzxPw5+xVgxHu/iG+mzw+xIVN1dSFDrqB/KkIE=',
  senderPrivateKey: 'BJig2akHxYJKjA/uyUSzVris72DsOt95vVaG2ZzGSDE=',
  senderPublicKey: 'BDWu6EFsroAUi8lnWZmLZCDZT7XbpsdEC7eeEtNnseHkDKa0igaRxDQOKro7KBaivUiTxdfvRK0mVlVgWGyZo98=',
  senderNonce: 'IEEtSc15HpLboL/kjBhu+K2Hqro/aoTh9HAgXA5JwMM=',
  plaintext: '',
  encryptedData: '2H7IAUROe23J6JwM25F+SA==',
};

const decryptVector = (v: typeof V1, overrides: Partial<Parameters<typeof decrypt>[0]> = {}) =>
  decrypt({
    encryptedData: v.encryptedData,
    requesterNonce: v.requesterNonce,
    senderNonce: v.senderNonce,
    requesterPrivateKey: v.requesterPrivateKey,
    senderPublicKey: v.senderPublicKey,
    ...overrides,
  });

const encryptVector = (v: typeof V1) =>
  encrypt({
    plaintext: v.plaintext,
    senderNonce: v.senderNonce,
    requesterNonce: v.requesterNonce,
    senderPrivateKey: v.senderPrivateKey,
    requesterPublicKey: v.requesterPublicKey,
  });

describe('Fidelius public vectors', () => {
  it.each([
    ['V1 (fidelius-cli README)', V1],
    ['V2 (eka-care, empty text)', V2],
  ])('%s decrypts to the published plaintext', (_name, vector) => {
    expect(decryptVector(vector)).toBe(vector.plaintext);
  });

  it.each([
    ['V1', V1],
    ['V2', V2],
  ])('%s encrypts to the published ciphertext', (_name, vector) => {
    expect(encryptVector(vector)).toBe(vector.encryptedData);
  });

  it('accepts the sender key in X.509 form (V1)', () => {
    const x509 = toX509PublicKey(V1.senderPublicKey);
    expect(x509).toHaveLength(412);
    expect(decryptVector(V1, { senderPublicKey: x509 })).toBe(V1.plaintext);
  });

  it('encrypts to an X.509 requester key exactly as to the raw one (V1)', () => {
    const viaX509 = encrypt({
      plaintext: V1.plaintext,
      senderNonce: V1.senderNonce,
      requesterNonce: V1.requesterNonce,
      senderPrivateKey: V1.senderPrivateKey,
      requesterPublicKey: toX509PublicKey(V1.requesterPublicKey),
    });
    expect(viaX509).toBe(V1.encryptedData);
  });
});

describe('generateKeyMaterial', () => {
  it('returns a raw 65-byte public key, a 32-byte nonce and a usable private key', () => {
    const material = generateKeyMaterial();
    expect(material.publicKey).toHaveLength(88);
    const point = Buffer.from(material.publicKey, 'base64');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    expect(Buffer.from(material.nonce, 'base64')).toHaveLength(32);
    expect(Buffer.from(material.privateKey, 'base64').length).toBeLessThanOrEqual(32);
  });

  it('never repeats key or nonce', () => {
    const a = generateKeyMaterial();
    const b = generateKeyMaterial();
    expect(a.privateKey).not.toBe(b.privateKey);
    expect(a.nonce).not.toBe(b.nonce);
  });

  it('round-trips a FHIR-sized UTF-8 document between fresh HIP and HIU keys', () => {
    const hiu = generateKeyMaterial();
    const hip = generateKeyMaterial();
    const plaintext = JSON.stringify({ resourceType: 'Bundle', note: 'मरीज़ ठीक है', pad: 'x'.repeat(200_000) });
    const encryptedData = encrypt({
      plaintext,
      senderNonce: hip.nonce,
      requesterNonce: hiu.nonce,
      senderPrivateKey: hip.privateKey,
      requesterPublicKey: hiu.publicKey,
    });
    expect(Buffer.from(encryptedData, 'base64')).toHaveLength(Buffer.byteLength(plaintext) + 16);
    const decrypted = decrypt({
      encryptedData,
      requesterNonce: hiu.nonce,
      senderNonce: hip.nonce,
      requesterPrivateKey: hiu.privateKey,
      senderPublicKey: hip.publicKey,
    });
    expect(decrypted).toBe(plaintext);
  });
});

describe('text fidelity', () => {
  it('keeps a leading byte-order mark and non-ASCII text exactly', () => {
    const hiu = generateKeyMaterial();
    const hip = generateKeyMaterial();
    const plaintext = '\uFEFF{"note":"आशा — ठीक है"}';
    const encryptedData = encrypt({ plaintext, senderNonce: hip.nonce, requesterNonce: hiu.nonce, senderPrivateKey: hip.privateKey, requesterPublicKey: hiu.publicKey });
    const decrypted = decrypt({ encryptedData, requesterNonce: hiu.nonce, senderNonce: hip.nonce, requesterPrivateKey: hiu.privateKey, senderPublicKey: hip.publicKey });
    expect(decrypted).toBe(plaintext);
  });
});

describe('decrypt failures are errors, never empty text', () => {
  it('rejects a flipped ciphertext bit', () => {
    const bytes = Buffer.from(V1.encryptedData, 'base64');
    bytes[3] = (bytes[3] ?? 0) ^ 0x01;
    expect(() => decryptVector(V1, { encryptedData: bytes.toString('base64') })).toThrow(/authentication tag mismatch/);
  });

  it('rejects the wrong requester nonce', () => {
    expect(() => decryptVector(V1, { requesterNonce: V2.requesterNonce })).toThrow(FideliusError);
  });

  it('rejects the wrong private key', () => {
    expect(() => decryptVector(V1, { requesterPrivateKey: V2.requesterPrivateKey })).toThrow(/authentication tag mismatch/);
  });

  it('treats the two nonces symmetrically, as XOR does (V2 with nonces swapped)', () => {
    expect(decryptVector(V2, { requesterNonce: V2.senderNonce, senderNonce: V2.requesterNonce })).toBe('');
  });

  it('names a truncated ciphertext', () => {
    expect(() => decryptVector(V1, { encryptedData: 'AAEC' })).toThrow(/shorter than the 16-byte GCM tag/);
  });

  it('names a nonce that is not 32 bytes', () => {
    expect(() => decryptVector(V1, { senderNonce: Buffer.alloc(16).toString('base64') })).toThrow(
      /senderNonce must be 32 bytes/,
    );
  });

  it('names data that is not base64', () => {
    expect(() => decryptVector(V1, { encryptedData: 'not base64!' })).toThrow(/encryptedData is not valid base64/);
  });

  it('names a public key of the wrong shape', () => {
    expect(() => decryptVector(V1, { senderPublicKey: Buffer.alloc(40, 7).toString('base64') })).toThrow(
      /senderPublicKey is neither a raw uncompressed point/,
    );
  });

  it('names a private key out of range', () => {
    expect(() => decryptVector(V1, { requesterPrivateKey: Buffer.alloc(32).toString('base64') })).toThrow(
      /requesterPrivateKey is out of range/,
    );
  });

  it('rejects a plaintext that is not a string', () => {
    expect(() =>
      encrypt({
        plaintext: 42 as unknown as string,
        senderNonce: V1.senderNonce,
        requesterNonce: V1.requesterNonce,
        senderPrivateKey: V1.senderPrivateKey,
        requesterPublicKey: V1.requesterPublicKey,
      }),
    ).toThrow(/plaintext must be a string/);
  });
});
