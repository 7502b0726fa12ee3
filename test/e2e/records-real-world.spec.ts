// Records from other systems: the simulator's HIPs push real-world FHIR bundles (ProjectEKA's sample documents,
// reference/fixtures/fhir-projecteka, MIT) instead of their own, and the desk reads all seven kinds, in English and
// Hindi — including a PDF encoded twice and a picture that no section points at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { askFiveYears, expect, nameDoctor, readEachRecord, sandboxControl, test } from './records-steps';

const FIXTURES = path.resolve(import.meta.dirname, '../../reference/fixtures/fhir-projecteka');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/** A 40 × 24 PNG, made here so its size is known without asking the app. */
function photoPng(): string {
  const png = new PNG({ width: 40, height: 24 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 30, 30, 255], i);
  return PNG.sync.write(png).toString('base64');
}

/** The health document fixture with one more entry: a Binary photo that no section points at. */
function documentWithPhoto(): string {
  const bundle = JSON.parse(fixture('MAXLIVNO99HealthDocumentRecordDoc20190801.json')) as { entry: unknown[] };
  bundle.entry.push({ fullUrl: 'Binary/wound-photo', resource: { resourceType: 'Binary', id: 'wound-photo', contentType: 'image/png', data: photoPng() } });
  return JSON.stringify(bundle);
}

test('real-world bundles of all seven kinds read in English and Hindi, with a twice-encoded PDF and an unreferenced photo', { tag: ['@both-apis', '@real-window'] }, async ({ app, sandbox }) => {
  test.setTimeout(120_000);
  const supply = (careContextReference: string, hiType: string, bundle: string) => sandboxControl(sandbox, '/hiu/bundles', { careContextReference, hiType, bundle });
  // asha.verma's visits (sandbox/gateway/hiu/demo-directory.ts) and rohan.desai's.
  await supply('OPD-0042', 'OPConsultation', fixture('NCP1702OPConsultationNote20200709.json'));
  await supply('OPD-0042', 'Prescription', fixture('NCP1008PrescriptionDoc20190805.json'));
  await supply('LAB-7781', 'DiagnosticReport', fixture('MAXLIVNO15DiagnosticReportDoc20140122.json'));
  await supply('IPD-1190', 'DischargeSummary', fixture('MAXLIVNO15DischargeSummaryDoc20161209.json'));
  await supply('VAC-0310', 'ImmunizationRecord', fixture('MAXRVH1003ImmunizationDoc20190801.json'));
  await supply('WEL-0088', 'WellnessRecord', fixture('MAXLIVNO99WellnessRecordDoc20190801.json'));
  await supply('DOC-0012', 'HealthDocumentRecord', documentWithPhoto());

  await nameDoctor(app);
  await askFiveYears(app, 'asha.verma', 'Asha Devi Verma');
  await app.getByRole('button', { name: 'Records (4)' }).click();
  expect(await readEachRecord(app, 'en', 'real')).toEqual(['DiagnosticReport', 'DischargeSummary', 'OPConsultation', 'Prescription']);
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  expect(await readEachRecord(app, 'hi', 'real')).toEqual(['DiagnosticReport', 'DischargeSummary', 'OPConsultation', 'Prescription']);
  await app.getByRole('button', { name: /English/ }).click();

  await app.getByRole('button', { name: 'Another patient' }).click();
  await askFiveYears(app, 'rohan.desai', 'Rohan Desai');
  await app.getByRole('button', { name: 'Records (3)' }).click();
  expect(await readEachRecord(app, 'en', 'real')).toEqual(['HealthDocumentRecord', 'ImmunizationRecord', 'WellnessRecord']);

  // The photo no section points at is shown, at the size it was made.
  await app.getByTestId('records-visits').locator('li[data-hi-type="HealthDocumentRecord"] button').click();
  const photo = app.getByTestId('record-view').locator('[data-testid="record-attachment"][data-kind="image"] img');
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([40, 24]);
  await app.getByRole('button', { name: 'Back to the records' }).click();

  await app.getByRole('button', { name: /हिन्दी/ }).click();
  expect(await readEachRecord(app, 'hi', 'real')).toEqual(['HealthDocumentRecord', 'ImmunizationRecord', 'WellnessRecord']);
});
