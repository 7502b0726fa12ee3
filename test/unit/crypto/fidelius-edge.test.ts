import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decrypt, encrypt } from '../../../electron/crypto/fidelius';
import { parsePrivateKey, parsePublicKey } from '../../../electron/crypto/fidelius-keys';

// Made by vectors/make-edge-vectors.py, an independent Python implementation of fidelius.md.
interface EdgeVector {
  name: string;
  requesterPrivateKey: string;
  requesterPublicKey: string;
  requesterNonce: string;
  senderPrivateKey: string;
  senderPublicKey: string;
  senderNonce: string;
  plaintext: string;
  sharedSecretHex: string;
  encryptedData: string;
}
const fixture = JSON.parse(readFileSync(new URL('./vectors/fidelius-edge-vectors.json', import.meta.url), 'utf8')) as {
  vectors: EdgeVector[];
  keys: Record<string, string>;
};
const vector = (name: string): EdgeVector => {
  const found = fixture.vectors.find((v) => v.name === name);
  if (!found) throw new Error(`missing vector ${name}`);
  return found;
};
const decryptVector = (v: EdgeVector) =>
  decrypt({
    encryptedData: v.encryptedData,
    requesterNonce: v.requesterNonce,
    senderNonce: v.senderNonce,
    requesterPrivateKey: v.requesterPrivateKey,
    senderPublicKey: v.senderPublicKey,
  });

describe('Fidelius edge-case vectors', () => {
  it.each(fixture.vectors.map((v) => [v.name, v] as const))('%s decrypts', (_name, v) => {
    expect(decryptVector(v)).toBe(v.plaintext);
  });

  it('reads a 31-byte private key as the same scalar', () => {
    const v = vector('31-byte requester private key');
    expect(Buffer.from(v.requesterPrivateKey, 'base64')).toHaveLength(31);
    const padded = parsePrivateKey(v.requesterPrivateKey, 'k');
    expect(padded).toHaveLength(32);
    expect(padded[0]).toBe(0);
  });

  it.each([
    '31-byte requester private key',
    'shared secret starting with 0x00',
    'non-ASCII Hindi text',
  ])('%s: our encryption equals the independent one', (name) => {
    const v = vector(name);
    const encrypted = encrypt({
      plaintext: v.plaintext,
      senderNonce: v.senderNonce,
      requesterNonce: v.requesterNonce,
      senderPrivateKey: v.senderPrivateKey,
      requesterPublicKey: v.requesterPublicKey,
    });
    expect(encrypted).toBe(v.encryptedData);
  });

  it('keeps the leading zero of the shared secret when encrypting (differs from the stripping sender)', () => {
    const keeping = vector('shared secret starting with 0x00');
    const stripping = vector('sender stripped the leading zero of the shared secret');
    expect(keeping.sharedSecretHex.startsWith('00')).toBe(true);
    expect(stripping.sharedSecretHex).toBe(keeping.sharedSecretHex);
    const ours = encrypt({
      plaintext: stripping.plaintext,
      senderNonce: stripping.senderNonce,
      requesterNonce: stripping.requesterNonce,
      senderPrivateKey: stripping.senderPrivateKey,
      requesterPublicKey: stripping.requesterPublicKey,
    });
    expect(ours).not.toBe(stripping.encryptedData);
  });
});

describe('public key parsing', () => {
  it('refuses a curve point outside the prime-order subgroup', () => {
    expect(() => parsePublicKey(fixture.keys.torsionPoint, 'senderPublicKey')).toThrow(
      /not a valid Curve25519 point in the prime-order subgroup/,
    );
  });

  it('accepts an X.509 key written with the negated generator', () => {
    const point = parsePublicKey(fixture.keys.negatedGeneratorX509, 'senderPublicKey');
    expect(Buffer.from(point).toString('base64')).toBe(fixture.keys.negatedGeneratorX509Point);
  });

  it('refuses an X.509 key on another curve', () => {
    const der = Buffer.from(fixture.keys.negatedGeneratorX509 ?? '', 'base64');
    const prime = Buffer.from('7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed', 'hex');
    const lastByteOfP = der.indexOf(prime) + 31;
    expect(lastByteOfP).toBeGreaterThan(31);
    der[lastByteOfP] = 0xeb; // p = 2^255 − 21 instead of 2^255 − 19
    expect(() => parsePublicKey(der.toString('base64'), 'senderPublicKey')).toThrow(/wrong domain parameters/);
  });

  it('refuses truncated X.509', () => {
    const der = Buffer.from(fixture.keys.negatedGeneratorX509 ?? '', 'base64').subarray(0, 200);
    expect(() => parsePublicKey(der.toString('base64'), 'senderPublicKey')).toThrow(/not a readable X.509 EC public key/);
  });

  it('repairs a raw point whose X lost its leading zero byte', () => {
    const short = fixture.keys.shortXRawPoint ?? '';
    expect(Buffer.from(short, 'base64')).toHaveLength(64);
    expect(Buffer.from(parsePublicKey(short, 'senderPublicKey')).toString('base64')).toBe(
      fixture.keys.shortXRawPointRepaired,
    );
  });

  it('tolerates JSON-escaped + / = and line breaks in keys', () => {
    const v = vector('non-ASCII Hindi text');
    const mangled = v.senderPublicKey.replace(/\+/g, '\\u002B').replace(/\//g, '\\u002F').replace(/=/g, '\\u003D');
    const wrapped = `${mangled.slice(0, 40)}\n${mangled.slice(40)}`;
    expect(Buffer.from(parsePublicKey(wrapped, 'k')).toString('base64')).toBe(v.senderPublicKey);
  });
});
