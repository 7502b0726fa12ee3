import { ecdh, weierstrass } from '@noble/curves/abstract/weierstrass.js';

// Curve25519 in short Weierstrass form with BouncyCastle's domain parameters
// (CustomNamedCurves "curve25519"), which is what ABDM's Fidelius reference uses.
// It is the X25519 group, but keys and points are not RFC 7748 encoded, so
// noble's x25519 cannot be used directly.
export const CURVE25519_BC = {
  p: BigInt('0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed'),
  a: BigInt('0x2aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa984914a144'),
  b: BigInt('0x7b425ed097b425ed097b425ed097b425ed097b425ed097b4260b5e9c7710c864'),
  Gx: BigInt('0x2aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaad245a'),
  Gy: BigInt('0x20ae19a1b8a086b4e01edd2c7748d14c923d4d7e6d7c61b229e9c5a27eced3d9'),
  n: BigInt('0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed'),
  h: 8n,
} as const;

export const Curve25519Point = weierstrass(CURVE25519_BC);

export const curve25519Ecdh = ecdh(Curve25519Point);

/** Bytes of one field element / coordinate / scalar. */
export const COORDINATE_BYTES = 32;

/** Uncompressed SEC1 point: 0x04 ‖ X ‖ Y. */
export const RAW_POINT_BYTES = 1 + 2 * COORDINATE_BYTES;
