// What the client sends opens with the simulator's own private key (sandbox/abha-v3/rsa-key.ts) under RSA-OAEP with
// SHA-1 named explicitly, and not under OAEP SHA-256: the padding peers confuse (reference/spec/abdm-v3.md §1).
// The ciphertexts are taken from the wire, so this is the client's whole path: certificate, key, encryption, body.
import { constants, privateDecrypt, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbhaV3Client } from '../../../electron/abdm/abha-v3/client';
import { GatewaySession } from '../../../electron/abdm/session';
import { abhaV3PrivateKey } from '../../../sandbox/abha-v3/index';
import { manualClock, startSandbox, TRAINING_IDENTITIES, type RunningSandbox } from '../../../sandbox/index';

let sandbox: RunningSandbox;
let privateKey: KeyObject;
const bodies: Array<Record<string, any>> = [];

const open = (ciphertext: string, oaepHash: 'sha1' | 'sha256') =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash }, Buffer.from(ciphertext, 'base64')).toString('utf8');

beforeAll(async () => {
  const clock = manualClock(Date.UTC(2025, 0, 6, 4, 30));
  sandbox = await startSandbox({ port: 0, seed: 'abha-v3-padding', clock });
  privateKey = await abhaV3PrivateKey(sandbox);
  const session = new GatewaySession({ gatewayBaseUrl: sandbox.gatewayBaseUrl, clientId: sandbox.config.clientId, clientSecret: async () => sandbox.config.clientSecret, now: () => clock.now() });
  const recording: typeof fetch = (input, init) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body) as Record<string, any>);
    return fetch(input, init);
  };
  const abha = createAbhaV3Client({ baseUrl: sandbox.abhaV3BaseUrl, session, fetch: recording, now: () => clock.now() });
  const { txnId } = await abha.enrolRequestAadhaarOtp({ aadhaar: TRAINING_IDENTITIES.newResident.aadhaar });
  await abha.enrolByAadhaar({ txnId, otp: '123456', mobile: TRAINING_IDENTITIES.newResident.aadhaarMobile });
  await abha.loginRequestOtp({ loginHint: 'abha-number', value: '91 4820 1736 5529', otpSystem: 'aadhaar' });
});

afterAll(async () => {
  await sandbox?.close();
});

describe('ABHA v3 ciphertexts on the wire', () => {
  it('the Aadhaar number opens with OAEP SHA-1 and the simulator’s key, and not with OAEP SHA-256', () => {
    const loginId = bodies[0]!.loginId as string;
    expect(Buffer.from(loginId, 'base64')).toHaveLength(512);
    expect(open(loginId, 'sha1')).toBe(TRAINING_IDENTITIES.newResident.aadhaar);
    expect(() => open(loginId, 'sha256')).toThrow();
  });

  it('the OTP opens the same way', () => {
    const otpValue = bodies[1]!.authData.otp.otpValue as string;
    expect(open(otpValue, 'sha1')).toBe('123456');
    expect(() => open(otpValue, 'sha256')).toThrow();
  });

  it('the ABHA number is encrypted with its dashes', () => {
    expect(open(bodies[2]!.loginId as string, 'sha1')).toBe('91-4820-1736-5529');
  });
});
