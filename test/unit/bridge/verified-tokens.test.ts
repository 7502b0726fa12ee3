// A gateway token is verified once for its life: the same token again is taken without a second check (shown by
// the key set being unreachable by then, and by counting key lookups), while a new token is checked; an expired token
// is refused, one past the ten minutes the key set itself is trusted is checked again, and a forged copy is refused.
import { createLocalJWKSet } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_SECONDS, createGatewayTokenVerifier, JWKS_MAX_AGE_MS } from '../../../electron/bridge/gateway-token';
import { VerifiedTokens } from '../../../electron/bridge/verified-tokens';
import { gatewayToken, signingKey, startJwksServer, type JwksServer, type SigningKey } from '../../support/gateway-signing';

let key: SigningKey;
let jwks: JwksServer;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  clock = Date.parse('2026-11-28T10:00:00Z');
  key = await signingKey();
  jwks = await startJwksServer([key]);
});
afterEach(async () => {
  await jwks.close();
});

const verifier = () => createGatewayTokenVerifier({ jwksUrl: async () => jwks.url, now });

describe('a token verified once', () => {
  it('is taken again without a check, even while the key set cannot be fetched; another token is checked', async () => {
    const check = verifier();
    const token = await gatewayToken(key, { nowMs: clock });
    expect((await check.verify(`Bearer ${token}`)).ok).toBe(true);
    jwks.setDown(true);
    // jose would refetch for a new key id; a token it has seen needs no key at all.
    for (let i = 0; i < 5; i += 1) expect(await check.verify(`Bearer ${token}`)).toMatchObject({ ok: true, claims: { clientId: 'gateway', roles: ['gateway'] } });
    const other = await gatewayToken(await signingKey(), { nowMs: clock });
    expect(await check.verify(`Bearer ${other}`)).toMatchObject({ ok: false });
  });

  it('is refused once it has expired, past the minute of leeway', async () => {
    const check = verifier();
    const token = await gatewayToken(key, { nowMs: clock, ttl: 600 });
    expect((await check.verify(`Bearer ${token}`)).ok).toBe(true);
    clock += 600_000 + CLOCK_TOLERANCE_SECONDS * 1000 - 1_000;
    expect((await check.verify(`Bearer ${token}`)).ok).toBe(true);
    clock += 2_000;
    expect(await check.verify(`Bearer ${token}`)).toMatchObject({ ok: false, status: 401, message: expect.stringContaining('expired') });
  });

  it('is checked again after the ten minutes the key set itself is trusted', async () => {
    const { check, lookups } = countingVerifier();
    const token = await gatewayToken(key, { nowMs: clock, ttl: 3600 });
    expect((await check.verify(`Bearer ${token}`)).ok).toBe(true);
    clock += JWKS_MAX_AGE_MS - 1_000;
    expect((await check.verify(`Bearer ${token}`)).ok).toBe(true);
    expect(lookups()).toBe(1);
    clock += 2_000;
    expect((await check.verify(`Bearer ${token}`)).ok).toBe(true);
    expect(lookups()).toBe(2);
  });

  it('never lets in a token that differs from it, even by its signature alone', async () => {
    const check = verifier();
    const token = await gatewayToken(key, { nowMs: clock });
    expect((await check.verify(`Bearer ${token}`)).ok).toBe(true);
    const [head, body, signature] = token.split('.');
    const flipped = `${head}.${body}.${signature!.slice(0, -4)}${signature!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(await check.verify(`Bearer ${flipped}`)).toMatchObject({ ok: false, status: 401 });
  });

  it('is checked every time when the verifier is told not to remember', async () => {
    const { check, lookups } = countingVerifier(false);
    const token = await gatewayToken(key, { nowMs: clock });
    for (let i = 0; i < 3; i += 1) expect((await check.verify(`Bearer ${token}`)).ok).toBe(true);
    expect(lookups()).toBe(3);
  });
});

/** A verifier over the key as a local key set, counting how often a token's key is looked up (once per real check). */
function countingVerifier(rememberVerified?: boolean) {
  const keys = createLocalJWKSet({ keys: [key.publicJwk] });
  let lookups = 0;
  const check = createGatewayTokenVerifier({
    jwksUrl: async () => jwks.url,
    now,
    rememberVerified,
    localKeys: {
      describe: 'the test key',
      resolver: async (...args) => {
        lookups += 1;
        return (await keys(...args)) as CryptoKey;
      },
    },
  });
  return { check, lookups: () => lookups };
}

describe('the memory of verified tokens', () => {
  it('keeps at most its bound, dropping the oldest first', () => {
    const tokens = new VerifiedTokens<string>({ now, clockToleranceSeconds: 0, maxAgeMs: 60_000, maxEntries: 3 });
    const exp = clock / 1000 + 600;
    for (const name of ['a', 'b', 'c', 'd']) tokens.set(`token-${name}`, exp, name);
    expect(tokens.size).toBe(3);
    expect(tokens.get('token-a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((name) => tokens.get(`token-${name}`))).toEqual(['b', 'c', 'd']);
  });

  it('does not keep a token that has already expired', () => {
    const tokens = new VerifiedTokens<string>({ now, clockToleranceSeconds: 0, maxAgeMs: 60_000 });
    tokens.set('old', clock / 1000 - 1, 'old');
    expect(tokens.size).toBe(0);
  });
});
