// The remembered Aadhaar keys of the training residents are the same keys the slow derivation gives, per seed; the
// key is worked out here with node:crypto from the parameters docs/sandbox.md §6 and sandbox/residents/identity.ts
// name (scrypt, N 2^14, r 8, p 1, salt "abha-sandbox:<seed>"), not read from the code under test.
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { residentKey } from '../../sandbox/residents/training-keys';

const expected = (aadhaar: string, seed: string) => scryptSync(aadhaar, `abha-sandbox:${seed}`, 32, { N: 2 ** 14, r: 8, p: 1 }).toString('hex');

describe('residentKey', () => {
  it('gives each seed its own key for a training resident, the same when asked again', async () => {
    const asha = '345678901238'; // docs/sandbox.md §2
    expect(await residentKey(asha, 'seed-one')).toBe(expected(asha, 'seed-one'));
    expect(await residentKey(asha, 'seed-two')).toBe(expected(asha, 'seed-two'));
    expect(await residentKey(asha, 'seed-one')).toBe(expected(asha, 'seed-one'));
  });

  it('gives a number outside the training table its key as well', async () => {
    const other = '987654321098';
    expect(await residentKey(other, 'seed-one')).toBe(expected(other, 'seed-one'));
  });
});
