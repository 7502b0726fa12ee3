// The /account/* operations against the embedded sandbox: profile, the three card formats and the QR code,
// and how a refused user token (X-Token) is told apart from a refused gateway token.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbdmError, UserTokenExpiredError } from '../../electron/abdm/errors';
import { AbdmHttp } from '../../electron/abdm/http';
import { explainAbdmError } from '../support/desk-words';
import { manualClock, TRAINING_IDENTITIES } from '../../sandbox/index';
import { countOf, rejectionOf, SECOND, startHarness, type Harness } from './healthid-harness';

const asha = TRAINING_IDENTITIES.existingAbha.existingAbha;

async function logIn(h: Harness): Promise<string> {
  const { txnId } = await h.healthId.authInit({ authMethod: 'AADHAAR_OTP', healthid: asha.healthId });
  return (await h.healthId.confirmWithAadhaarOtp({ otp: '123456', txnId })).token;
}

describe('account documents', () => {
  let harness: Harness;
  let token: string;
  beforeEach(async () => {
    harness = await startHarness();
    token = await logIn(harness);
  });
  afterEach(async () => harness.close());

  it('profile: the UserDTO with official field names', async () => {
    const profile = await harness.healthId.profile(token);
    expect(profile).toMatchObject({
      healthIdNumber: asha.healthIdNumber,
      healthId: asha.healthId,
      firstName: 'Asha',
      gender: 'F',
      yearOfBirth: '1988',
      mobile: '9812345670',
    });
    expect(profile.authMethods).toContain('AADHAAR_OTP');
  });

  it('PDF card: a whole PDF whose text carries the ABHA number', async () => {
    const card = await harness.healthId.pdfCard(token);
    expect(card.contentType).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'abha-card-'));
    try {
      const file = path.join(dir, 'card.pdf');
      writeFileSync(file, card.data);
      expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(asha.healthIdNumber);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PNG card: a decodable image', async () => {
    const card = await harness.healthId.pngCard(token);
    expect(card.contentType).toBe('image/png');
    const image = PNG.sync.read(card.data);
    expect(image.width).toBeGreaterThan(300);
  });

  it('SVG card: an SVG document naming the ABHA number', async () => {
    const card = await harness.healthId.svgCard(token);
    expect(card.contentType).toBe('image/svg+xml');
    const svg = card.data.toString('utf8');
    expect(svg).toMatch(/<svg[\s>]/);
    expect(svg).toContain(asha.healthIdNumber);
  });

  it('QR code: a PNG whose QR holds this patient’s ABHA number', async () => {
    const qr = await harness.healthId.qrCode(token);
    expect(qr.contentType).toBe('image/png');
    const image = PNG.sync.read(qr.data);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded).not.toBeNull();
    expect(JSON.parse(decoded!.data)).toMatchObject({ hidn: asha.healthIdNumber, hid: asha.healthId });
  });
});

describe('a refused user token means "verify the patient again"', () => {
  let harness: Harness;
  afterEach(async () => harness.close());

  it.each(['profile', 'pdfCard', 'pngCard', 'svgCard', 'qrCode'] as const)('%s with an expired X-Token → UserTokenExpiredError, not retried', async (operation) => {
    harness = await startHarness();
    const token = await logIn(harness);
    harness.clock.advance(1801 * SECOND);
    const error = await rejectionOf(harness.healthId[operation](token));
    expect(error).toBeInstanceOf(UserTokenExpiredError);
    expect(error).toMatchObject({ status: 422, code: 'HIS-422', operation });
    expect(explainAbdmError(error, 'en')).toMatchObject({ message: expect.stringContaining('Verify the patient again') as string, abdmCode: 'HIS-422' });
    // The gateway token had expired as well: the session renewed it ahead of the call, and the
    // refused call was not repeated.
    const path = harness.requests.find((r) => r.startsWith('GET /api/v1/account/'))!;
    expect(countOf(harness.requests, path)).toBe(1);
    expect(countOf(harness.requests, 'POST /gateway/v0.5/sessions')).toBe(2);
  });

  it('a token that is not a Health ID token → UserTokenExpiredError', async () => {
    harness = await startHarness();
    await expect(harness.healthId.profile('eyJhbGciOiJub25lIn0.e30.')).rejects.toBeInstanceOf(UserTokenExpiredError);
  });

  it('no X-Token at all never leaves the desk; sent anyway, the sandbox answers 400 naming X-Token', async () => {
    harness = await startHarness();
    await expect(harness.healthId.profile('')).rejects.toMatchObject({ name: 'AbdmInputError', field: 'userToken' });
    expect(harness.requests).toEqual([]);

    const http = new AbdmHttp({ service: 'healthid', baseUrl: harness.sandbox.healthIdBaseUrl });
    const gatewayToken = await harness.session.accessToken();
    const raw = await rejectionOf(
      http.json({ operation: 'profile', method: 'GET', path: '/account/profile', headers: { Authorization: `Bearer ${gatewayToken}` } }),
    );
    expect(raw).toBeInstanceOf(AbdmError);
    expect(raw).toMatchObject({ status: 400, code: 'HIS-400', details: [{ attribute: { key: 'X-Token' } }] });
  });

  it('an expired gateway token on an account call is renewed and the call repeated, the X-Token untouched', async () => {
    // The desk's clock lags ABDM's by ten minutes, so it still trusts a token ABDM has expired.
    const sandboxClock = manualClock(Date.UTC(2025, 0, 6, 4, 30));
    harness = await startHarness({ clock: sandboxClock, sessionClock: manualClock(Date.UTC(2025, 0, 6, 4, 30)) });
    const token = await logIn(harness);
    sandboxClock.advance(601 * SECOND);
    await expect(harness.healthId.profile(token)).resolves.toMatchObject({ healthIdNumber: asha.healthIdNumber });
    expect(countOf(harness.requests, 'GET /api/v1/account/profile')).toBe(2);
    expect(countOf(harness.requests, 'POST /gateway/v0.5/sessions')).toBe(2);
  });
});
