import { DER } from '@noble/curves/abstract/weierstrass.js';
import { bytesToNumberBE, concatBytes, numberToBytesBE } from '@noble/curves/utils.js';
import { COORDINATE_BYTES, CURVE25519_BC, Curve25519Point, RAW_POINT_BYTES } from './curve25519-weierstrass';
import { FideliusError } from './fidelius-error';

// Key encodings used by ABDM parties (see docs: fidelius.md A.1).
// - private key: Java BigInteger.toByteArray(), i.e. minimal big-endian, often 31 bytes
// - public key: raw uncompressed point (65 bytes) or X.509 SubjectPublicKeyInfo with
//   explicit curve parameters (309 bytes), as BouncyCastle's getEncoded() writes it

const DER_SEQUENCE = 0x30;
const DER_INTEGER = 0x02;
const DER_BIT_STRING = 0x03;
const DER_OCTET_STRING = 0x04;
const DER_OID = 0x06;
const OID_EC_PUBLIC_KEY = '2a8648ce3d0201';
const OID_PRIME_FIELD = '2a8648ce3d0101';

// The first 244 bytes of every BouncyCastle X.509 key on this curve; the point follows.
const X509_PREFIX_HEX =
  '308201313081ea06072a8648ce3d02013081de020101302b06072a8648ce3d010102207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed' +
  '304404202aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa984914a14404207b425ed097b425ed097b425ed097b425ed097b425ed097b4260b5e9c7710c864' +
  '0441042aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaad245a20ae19a1b8a086b4e01edd2c7748d14c923d4d7e6d7c61b229e9c5a27eced3d9' +
  '02201000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed020108034200';
const X509_PREFIX = Buffer.from(X509_PREFIX_HEX, 'hex');

// Outside the base64 alphabet and its padding; searched for, not matched against the whole string, because an
// anchored ^[…]*={0,2}$ test runs about ten times slower on the 10 MB contents a HIP pushes.
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;
const WHITESPACE = /\s/;

/**
 * Decodes a base64 key or nonce. Some HIPs double-escape `+ / =` in JSON and some
 * wrap lines, so those are tolerated; anything else that is not base64 is rejected.
 */
export function decodeBase64Field(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string' || value.length === 0) {
    throw new FideliusError(`${field} must be a non-empty base64 string`);
  }
  // The clean-up only runs when there is something to clean (a backslash, a space or a line break): on a string
  // without them each replacement would change nothing and still walk every character.
  const cleaned =
    value.includes('\\') || WHITESPACE.test(value)
      ? value
          .replace(/\\u002[bB]/g, '+')
          .replace(/\\u002[fF]/g, '/')
          .replace(/\\u003[dD]/g, '=')
          .replace(/\s+/g, '')
      : value;
  if (!isPaddedBase64(cleaned) || cleaned.length % 4 === 1) {
    throw new FideliusError(`${field} is not valid base64`);
  }
  return ownBytes(Buffer.from(cleaned, 'base64'));
}

// A plain Uint8Array the caller owns alone. A large Buffer already has an ArrayBuffer of its own, exactly its size,
// that nothing else holds: it is viewed instead of copied (a 10 MB copy per pushed entry). A small one may sit in
// Node's shared pool, so it is copied.
function ownBytes(bytes: Buffer): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return new Uint8Array(bytes.buffer, 0, bytes.length);
  return new Uint8Array(bytes);
}

/** Same as /^[A-Za-z0-9+/]*={0,2}$/: alphabet characters, then at most two '=' closing the string. */
function isPaddedBase64(text: string): boolean {
  if (NOT_BASE64.test(text)) return false;
  const firstPad = text.indexOf('=');
  return firstPad === -1 || (firstPad >= text.length - 2 && text.endsWith('='));
}

/** Decodes a 32-byte nonce. */
export function parseNonce(value: unknown, field: string): Uint8Array {
  const nonce = decodeBase64Field(value, field);
  if (nonce.length !== 32) {
    throw new FideliusError(`${field} must be 32 bytes of base64, got ${nonce.length} bytes`);
  }
  return nonce;
}

/** Reads a private scalar in any big-endian length and returns the 32 bytes noble expects. */
export function parsePrivateKey(value: unknown, field: string): Uint8Array {
  const bytes = decodeBase64Field(value, field);
  if (bytes.length > COORDINATE_BYTES + 1) {
    throw new FideliusError(`${field} is ${bytes.length} bytes; a Curve25519 private key has at most 32`);
  }
  const scalar = bytesToNumberBE(bytes);
  if (scalar < 1n || scalar >= CURVE25519_BC.n) {
    throw new FideliusError(`${field} is out of range for Curve25519 (must be 1 … n−1)`);
  }
  return numberToBytesBE(scalar, COORDINATE_BYTES);
}

/** Reads a public key, raw or X.509, and returns a validated 65-byte uncompressed point. */
export function parsePublicKey(value: unknown, field: string): Uint8Array {
  const bytes = decodeBase64Field(value, field);
  if (bytes[0] === DER_SEQUENCE) return validatePoint(pointFromX509(bytes, field), field);
  if (bytes[0] === 0x04 && bytes.length === RAW_POINT_BYTES) return validatePoint(bytes, field);
  if (bytes[0] === 0x04 && bytes.length > 2 * COORDINATE_BYTES - 2 && bytes.length < RAW_POINT_BYTES) {
    return repairShortPoint(bytes, field);
  }
  throw new FideliusError(
    `${field} is neither a raw uncompressed point (65 bytes starting 0x04) nor an X.509 key (got ${bytes.length} bytes)`,
  );
}

/** Base64 X.509 SubjectPublicKeyInfo for a raw public key, as BouncyCastle HIPs send it. */
export function toX509PublicKey(rawPublicKey: string): string {
  const point = parsePublicKey(rawPublicKey, 'publicKey');
  return Buffer.concat([X509_PREFIX, point]).toString('base64');
}

function validatePoint(point: Uint8Array, field: string): Uint8Array {
  try {
    return Curve25519Point.fromBytes(point).toBytes(false);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FideliusError(`${field} is not a valid Curve25519 point in the prime-order subgroup (${reason})`);
  }
}

// Some ports drop leading zero bytes of X or Y (Go big.Int.Bytes()). Put the zeros back
// on whichever coordinate yields a point on the curve.
function repairShortPoint(bytes: Uint8Array, field: string): Uint8Array {
  const body = bytes.subarray(1);
  const missing = RAW_POINT_BYTES - bytes.length;
  for (let xLength = COORDINATE_BYTES - missing; xLength <= COORDINATE_BYTES; xLength++) {
    const x = body.subarray(0, xLength);
    const y = body.subarray(xLength);
    if (y.length > COORDINATE_BYTES) continue;
    const padded = concatBytes(
      Uint8Array.of(0x04),
      concatBytes(new Uint8Array(COORDINATE_BYTES - x.length), x),
      concatBytes(new Uint8Array(COORDINATE_BYTES - y.length), y),
    );
    try {
      return Curve25519Point.fromBytes(padded).toBytes(false);
    } catch {
      // try the next split
    }
  }
  throw new FideliusError(`${field} is a ${bytes.length}-byte raw point that cannot be repaired into a valid Curve25519 point`);
}

function pointFromX509(der: Uint8Array, field: string): Uint8Array {
  try {
    const { v: spki, l: trailing } = DER._tlv.decode(DER_SEQUENCE, der);
    if (trailing.length) throw new Error('trailing bytes after the key');
    const { v: algorithm, l: afterAlgorithm } = DER._tlv.decode(DER_SEQUENCE, spki);
    const { v: bitString } = DER._tlv.decode(DER_BIT_STRING, afterAlgorithm);
    const { v: oid, l: parameters } = DER._tlv.decode(DER_OID, algorithm);
    if (Buffer.from(oid).toString('hex') !== OID_EC_PUBLIC_KEY) throw new Error('not an EC public key');
    assertCurve25519Parameters(parameters);
    if (bitString[0] !== 0) throw new Error('the key bit string has unused bits');
    return bitString.subarray(1);
  } catch (error) {
    if (error instanceof FideliusError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new FideliusError(`${field} is not a readable X.509 EC public key (${reason})`);
  }
}

// Compare p, a, b and n only: a port that negated the generator still names the same group.
function assertCurve25519Parameters(parameters: Uint8Array): void {
  if (parameters[0] !== DER_SEQUENCE) throw new Error('only explicit curve parameters are used for this curve');
  const { v: ecParameters } = DER._tlv.decode(DER_SEQUENCE, parameters);
  const { l: afterVersion } = DER._tlv.decode(DER_INTEGER, ecParameters);
  const { v: fieldId, l: afterField } = DER._tlv.decode(DER_SEQUENCE, afterVersion);
  const { v: fieldType, l: primeTlv } = DER._tlv.decode(DER_OID, fieldId);
  if (Buffer.from(fieldType).toString('hex') !== OID_PRIME_FIELD) throw new Error('not a prime-field curve');
  const p = DER._int.decode(DER._tlv.decode(DER_INTEGER, primeTlv).v);
  const { v: curve, l: afterCurve } = DER._tlv.decode(DER_SEQUENCE, afterField);
  const { v: a, l: afterA } = DER._tlv.decode(DER_OCTET_STRING, curve);
  const { v: b } = DER._tlv.decode(DER_OCTET_STRING, afterA);
  const { l: afterBase } = DER._tlv.decode(DER_OCTET_STRING, afterCurve);
  const n = DER._int.decode(DER._tlv.decode(DER_INTEGER, afterBase).v);
  const same =
    p === CURVE25519_BC.p &&
    bytesToNumberBE(a) === CURVE25519_BC.a &&
    bytesToNumberBE(b) === CURVE25519_BC.b &&
    n === CURVE25519_BC.n;
  if (!same) throw new FideliusError('public key has wrong domain parameters: it is not on Curve25519');
}
