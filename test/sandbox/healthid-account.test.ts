import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeXml } from '../../sandbox/cards/card-svg';
import { TRAINING_IDENTITIES, type RunningSandbox } from '../../sandbox/index';
import { assertMatchesOfficial, assertOfficialApiError, HEALTH_ID_SPEC } from '../support/official-spec';
import { bearer, enrol, expectApiError, gatewayToken, getBinary, getJson, loginWithAadhaarOtp, paths, startTestSandbox, userHeaders } from '../support/sandbox-http';

const { existingAbha, newResident } = TRAINING_IDENTITIES;
const ABHA_NUMBER = existingAbha.existingAbha.healthIdNumber;
const PROFILE_FIELDS = [
  'healthIdNumber', 'healthId', 'name', 'firstName', 'middleName', 'lastName', 'gender', 'yearOfBirth', 'monthOfBirth',
  'dayOfBirth', 'mobile', 'address', 'pincode', 'stateCode', 'stateName', 'districtCode', 'districtName', 'kycPhoto',
  'kycVerified', 'verificationStatus', 'verificationType', 'authMethods', 'tags', 'phrAddress', 'emailVerified', 'new',
];
const QR_KEYS = ['hidn', 'hid', 'name', 'gender', 'statelgd', 'distlgd', 'dob', 'address', 'mobile', 'state name', 'dist name'];

describe('account endpoints (X-Token)', () => {
  let sandbox: RunningSandbox;
  let token: string;
  let userToken: string;
  let api: string;
  let workDir: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = sandbox.healthIdBaseUrl;
    token = await gatewayToken(sandbox);
    userToken = await loginWithAadhaarOtp(sandbox, token, 'asha.verma@sbx');
    workDir = mkdtempSync(path.join(tmpdir(), 'sandbox-cards-'));
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('returns the full profile (UserDTO)', async () => {
    const res = await getJson(`${api}${paths.profile}`, userHeaders(token, userToken));
    expect(res.status).toBe(200);
    assertMatchesOfficial(HEALTH_ID_SPEC, 'UserDTO', res.json, { required: PROFILE_FIELDS, closed: true });
    // Absent values are left out rather than sent as null (the official schema does not allow null).
    expect(Object.values(res.json as object)).not.toContain(null);
    expect(res.json).toMatchObject({
      healthIdNumber: ABHA_NUMBER,
      healthId: 'asha.verma@sbx',
      name: 'Asha Devi Verma',
      gender: 'F',
      yearOfBirth: '1988',
      monthOfBirth: '7',
      dayOfBirth: '14',
      stateCode: '9',
      stateName: 'UTTAR PRADESH',
      districtCode: '162',
      districtName: 'Lucknow',
      pincode: '226001',
      mobile: '9812345670',
      address: '12, Gandhi Road, Lucknow',
      kycVerified: true,
      verificationStatus: 'VERIFIED',
      phrAddress: ['asha.verma@sbx'],
    });
  });

  it('accepts the X-Token with or without the Bearer prefix', async () => {
    const res = await getJson(`${api}${paths.profile}`, { ...bearer(token), 'x-token': userToken });
    expect(res.status).toBe(200);
  });

  it('needs both tokens: no X-Token → 400, a bad X-Token → 422, no gateway token → 401', async () => {
    expectApiError(await getJson(`${api}${paths.profile}`, bearer(token)), 400, 'HIS-400');
    for (const path of [paths.profile, paths.getCard, paths.getPngCard, paths.getSvgCard, paths.qrCode]) {
      const bad = await getJson(`${api}${path}`, userHeaders(token, 'not.a.token'));
      expectApiError(bad, 422, 'HIS-422');
      assertOfficialApiError(bad.json);
      expectApiError(await getJson(`${api}${path}`, { 'x-token': `Bearer ${userToken}` }), 401, 'HIS-401');
    }
    const gatewayTokenAsUserToken = await getJson(`${api}${paths.profile}`, userHeaders(token, token));
    expectApiError(gatewayTokenAsUserToken, 422, 'HIS-422');
  });

  it('serves the card as a PDF whose text layer carries name, ABHA number, address, gender and date of birth', async () => {
    const res = await getBinary(`${api}${paths.getCard}`, userHeaders(token, userToken));
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(workDir, 'card.pdf');
    writeFileSync(file, res.bytes);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    for (const expected of [ABHA_NUMBER, 'Asha Devi Verma', 'asha.verma@sbx', 'Female', '14-07-1988']) expect(text).toContain(expected);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThanOrEqual(2); // photo and QR
  });

  it('serves the card as an SVG with the same details, well-formed enough to render', async () => {
    const res = await getBinary(`${api}${paths.getSvgCard}`, userHeaders(token, userToken));
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^image\/svg\+xml/);
    const svg = res.bytes.toString('utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    for (const expected of [ABHA_NUMBER, 'Asha Devi Verma', 'asha.verma@sbx', 'Female', '14-07-1988']) expect(svg).toContain(expected);
    expect(() => new Resvg(svg, { font: { loadSystemFonts: false } }).render()).not.toThrow();
  });

  it('escapes text placed in the SVG', () => {
    expect(escapeXml(`D'Souza & <Sons> "Ltd"`)).toBe('D&apos;Souza &amp; &lt;Sons&gt; &quot;Ltd&quot;');
  });

  it('serves the card as a PNG with the text actually drawn', async () => {
    const res = await getBinary(`${api}${paths.getPngCard}`, userHeaders(token, userToken));
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('image/png');
    const png = PNG.sync.read(res.bytes);
    expect([png.width, png.height]).toEqual([640, 400]);
    // The details column (x 170-430, y 80-360) is blank card unless glyphs were rendered into it.
    let inked = 0;
    for (let y = 80; y < 360; y++) {
      for (let x = 170; x < 430; x++) {
        const i = (y * png.width + x) * 4;
        if (png.data[i]! < 128 && png.data[i + 1]! < 128 && png.data[i + 2]! < 128) inked++;
      }
    }
    expect(inked).toBeGreaterThan(3000);
  });

  it('serves a QR PNG that decodes to the ABHA QR JSON', async () => {
    const res = await getBinary(`${api}${paths.qrCode}`, userHeaders(token, userToken));
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('image/png');
    const png = PNG.sync.read(res.bytes);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded).not.toBeNull();
    const payload = JSON.parse(decoded!.data) as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual([...QR_KEYS].sort());
    expect(payload).toEqual({
      hidn: ABHA_NUMBER,
      hid: 'asha.verma@sbx',
      name: 'Asha Devi Verma',
      gender: 'F',
      statelgd: '9',
      distlgd: '162',
      dob: '14/7/1988',
      address: '12, Gandhi Road, Lucknow',
      mobile: '9812345670',
      'state name': 'UTTAR PRADESH',
      'dist name': 'Lucknow',
    });
  });

  it('draws each account its own card', async () => {
    const created = await enrol(sandbox, token, newResident.aadhaar, newResident.aadhaarMobile);
    const res = await getBinary(`${api}${paths.qrCode}`, userHeaders(token, created.token));
    const png = PNG.sync.read(res.bytes);
    const payload = JSON.parse(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data) as Record<string, string>;
    expect(payload).toMatchObject({ hidn: created.healthIdNumber, hid: created.healthId, name: 'Ravi Kumar Sharma', statelgd: '27', distlgd: '490' });
  });
});
