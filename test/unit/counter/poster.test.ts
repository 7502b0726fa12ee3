// The counter's QR poster, read back as a patient's phone and a PDF reader would: the QR decoded from the saved SVG
// (drawn by resvg, read by jsQR) holds ABDM's share-profile address for this HIP id and counter on the
// environment's PHR host (abdm-frontdesk.md §1), or the simulator's in training; pdftotext finds the facility, the
// counter and the instructions in both languages in the saved PDF. Expected values are written out by hand.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { CounterPosters } from '../../../electron/services/counter/poster';
import type { DesktopPort, PrintJob } from '../../../electron/services/desktop/desktop-port';
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/store/settings/settings-schema';
import type { AppFailure } from '../../../electron/shared/errors';

const folder = mkdtempSync(path.join(tmpdir(), 'poster-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const COUNTERS = [
  { id: '1', name: 'OPD Registration' },
  { id: '2', name: 'Lab' },
];

function posters(patch: Partial<Settings>) {
  const saved: { name: string; format: string; data: Uint8Array }[] = [];
  const printed: PrintJob[] = [];
  const desktop: DesktopPort = {
    save: async (name, format, data) => (saved.push({ name, format, data }), { saved: true, path: `/x/${name}` }),
    print: async (job) => (printed.push(job), { printed: true }),
  };
  const settings: Settings = { ...DEFAULT_SETTINGS, hipId: 'IN2710000123', hipName: 'Shanti Clinic', counters: COUNTERS, ...patch };
  const service = new CounterPosters({ settings: () => settings, desktop, simulatorUrl: async () => 'http://127.0.0.1:45123', now: () => new Date(2026, 10, 28, 10, 0).getTime() });
  return { service, saved, printed };
}

/** The QR's text as a phone would read it: the SVG drawn at 4 px a mm, then decoded. */
function qrTextOf(svg: string): string | null {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: 840 }, background: '#ffffff', font: { loadSystemFonts: false } }).render();
  return jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height)?.data ?? null;
}

function pdfText(data: Uint8Array): string {
  const file = path.join(folder, `poster-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, data);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('the counter QR poster', () => {
  it('in the ABDM sandbox holds phrsbx.abdm.gov.in/share-profile with the HIP id and the counter', async () => {
    const { service, saved } = posters({ environment: 'abdm-sandbox' });
    const outcome = await service.save({ counterId: '1', format: 'svg' });
    expect(outcome).toEqual({ saved: true, path: '/x/Counter-QR-1-OPD-Registration-28-11-2026.svg' });
    const svg = Buffer.from(saved[0]!.data).toString('utf8');
    expect(qrTextOf(svg)).toBe('https://phrsbx.abdm.gov.in/share-profile?hip-id=IN2710000123&counter-id=1');
    expect(svg).toContain('Shanti Clinic');
    expect(svg).toContain('OPD Registration (counter 1)');
    expect(svg).toContain('इस QR कोड को अपने ABHA ऐप');
    expect(svg).not.toContain('TRAINING');
  });

  it('in production holds phr.abdm.gov.in, one QR a counter', async () => {
    const { service, saved } = posters({ environment: 'production' });
    await service.save({ counterId: '2', format: 'svg' });
    expect(qrTextOf(Buffer.from(saved[0]!.data).toString('utf8'))).toBe('https://phr.abdm.gov.in/share-profile?hip-id=IN2710000123&counter-id=2');
  });

  it('in training points at the simulator and says so', async () => {
    const { service, saved } = posters({ environment: 'training' });
    await service.save({ counterId: '1', format: 'svg' });
    const svg = Buffer.from(saved[0]!.data).toString('utf8');
    expect(qrTextOf(svg)).toBe('http://127.0.0.1:45123/share-profile?hip-id=IN2710000123&counter-id=1');
    expect(svg).toContain('TRAINING: this QR points at the ABHA Desk simulator');
  });

  it('escapes a counter id with a space in the QR address', async () => {
    const { service, saved } = posters({ environment: 'abdm-sandbox', counters: [{ id: 'Lab 2', name: 'Lab & X-ray' }] });
    await service.save({ counterId: 'Lab 2', format: 'svg' });
    const svg = Buffer.from(saved[0]!.data).toString('utf8');
    expect(qrTextOf(svg)).toBe('https://phrsbx.abdm.gov.in/share-profile?hip-id=IN2710000123&counter-id=Lab+2');
    expect(svg).toContain('Lab &#38; X-ray (counter Lab 2)');
  });

  it('as a PDF carries the facility, the counter and both languages as text', async () => {
    const { service, saved } = posters({ environment: 'abdm-sandbox' });
    const outcome = await service.save({ counterId: '2', format: 'pdf' });
    expect(outcome.path).toBe('/x/Counter-QR-2-Lab-28-11-2026.pdf');
    const data = saved[0]!.data;
    expect(Buffer.from(data.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(data).replace(/\s+/g, ' ');
    expect(text).toContain('Shanti Clinic');
    expect(text).toContain('Lab (counter 2)');
    expect(text).toContain('Scan this QR code with your ABHA app');
    expect(text).toContain('show it at the counter');
    // Hindi words read back as Unicode text: the font is embedded with its character map, not drawn as shapes.
    // (Words with a vowel sign drawn before its consonant, such as दिखाएँ, come back reordered from any PDF reader.)
    for (const word of ['स्कैन करें', 'टोकन नंबर', 'प्रोफ़ाइल साझा करें', 'आपका']) expect(text).toContain(word);
    expect(text).toContain('HIP ID IN2710000123');
    // The PDF's QR, drawn as a printer would (poppler at 100 dpi), scans to the same address.
    const file = path.join(folder, 'qr-check.pdf');
    writeFileSync(file, data);
    execFileSync('pdftoppm', ['-r', '100', '-png', '-singlefile', file, path.join(folder, 'qr-check')]);
    const png = PNG.sync.read(readFileSync(path.join(folder, 'qr-check.png')));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe('https://phrsbx.abdm.gov.in/share-profile?hip-id=IN2710000123&counter-id=2');
  });

  it('prints an A4 page holding the same QR', async () => {
    const { service, printed } = posters({ environment: 'abdm-sandbox' });
    expect(await service.print({ counterId: '1' })).toEqual({ printed: true });
    const job = printed[0]!;
    expect(job.geometry).toMatchObject({ pageWidthMm: 210, pageHeightMm: 297 });
    expect(job.fileName).toBe('Counter-QR-1-OPD-Registration-28-11-2026');
    expect(job.html).toContain("default-src 'none'");
    const svg = job.html.match(/<svg[\s\S]*<\/svg>/)![0];
    expect(qrTextOf(svg)).toBe('https://phrsbx.abdm.gov.in/share-profile?hip-id=IN2710000123&counter-id=1');
  });

  it('refuses without a HIP id, and for a counter Settings do not list', async () => {
    const code = (promise: Promise<unknown>) => promise.then(() => 'none', (e: AppFailure) => e.code);
    expect(await code(posters({ hipId: '' }).service.save({ counterId: '1', format: 'pdf' }))).toBe('HIP_ID_MISSING');
    expect(await code(posters({}).service.print({ counterId: '9' }))).toBe('NOT_FOUND');
  });
});
