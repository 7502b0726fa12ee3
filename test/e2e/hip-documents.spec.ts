// The clinic as an HIP in Chromium (issue 26), as a clerk works it: the clinic's HIP ID and doctor in Settings; the
// patient verified at the desk has today's visit, linked to her ABHA by the simulator's consent manager; the clerk
// photographs the prescription she handed in with the desk's camera (Chromium's fake camera plays a photographed
// prescription), sees the record as it will be shared, files it, and finds it on the visit, told to her ABHA app.
// In Hindi, a scanned lab report is added from a file the same way. Words are written out here, not read from the app.
import { readFileSync } from 'node:fs';
import { withFakeCamera } from './chromium-launch';
import { setUpCounters } from './counter-steps';
import { test } from './controlled-sandbox';
import { verify } from './front-desk-steps';
import { reviewShot } from './review-shot';
import { expect } from './web-mode';

// The desk's camera is Chromium's fake one, showing a photographed prescription. Headless: no test here is @real-window.
test.use({ launchOptions: withFakeCamera(true) });

const DOCTOR = 'Dr. Kavita Rao';
const LAB_SCAN = readFileSync(new URL('../fixtures/hip/lab-800x600.jpg', import.meta.url));

test('the clerk photographs a prescription onto today’s visit, linked to the ABHA, and files a lab report in Hindi', { tag: '@both-apis' }, async ({ app }) => {
  test.setTimeout(60_000);
  await setUpCounters(app);
  // Still unlocked: the clinic's doctor.
  await app.getByRole('button', { name: 'Add a doctor' }).click();
  await app.getByTestId('doctor-row').getByLabel('Doctor’s name').fill(DOCTOR);
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // Verifying Asha registers her, which opens today's visit; the desk links it to her ABHA.
  await verify(app, 'asha.verma@sbx');
  const visit = app.getByTestId('visit').first();
  const today = new Date();
  const ddmmyyyy = [today.getDate(), today.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('-') + `-${today.getFullYear()}`;
  await expect(visit).toContainText(`OPD visit, ${ddmmyyyy}, ${DOCTOR}`);
  await expect(visit.getByTestId('visit-link')).toHaveText(/Linked to the ABHA/, { timeout: 15_000 });

  // The desk's camera: what it sees, then the photo.
  await visit.getByRole('button', { name: 'Add document' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add a document to the visit' });
  await dialog.getByRole('button', { name: 'Take a photo' }).click();
  await expect(dialog.getByLabel('What the camera sees')).toBeVisible();
  const take = dialog.getByRole('button', { name: 'Take the photo' });
  await expect(take).toBeEnabled({ timeout: 10_000 });
  await reviewShot(app, 'hip-camera');
  await take.click();
  await expect(dialog.getByTestId('paper-chosen')).toContainText('Photo from the camera');
  await dialog.getByLabel('What it is').selectOption({ label: 'Prescription' });
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // The record as the patient's app and other clinics will see it, before it is filed.
  const previewing = app.getByRole('dialog', { name: 'How the record will look' });
  const preview = previewing.getByTestId('document-preview');
  await expect(preview).toContainText('Asha Devi Verma');
  await expect(preview.locator('img').first()).toBeVisible();
  await reviewShot(app, 'hip-document-preview');
  await expect(preview).toContainText(DOCTOR);
  await previewing.getByRole('button', { name: 'File the document' }).click();
  await expect(app.getByRole('dialog')).toHaveCount(0);
  await expect(visit.getByTestId('document-filed')).toContainText('is filed on this visit.');

  const prescription = visit.getByTestId('visit-document').filter({ hasText: 'Prescription' });
  await expect(prescription).toHaveCount(1);
  // ABDM acknowledged the context notify: the patient's app shows it.
  await expect(prescription).toContainText('In the patient’s app', { timeout: 15_000 });
  await expect(prescription.getByTestId('shared-with')).toHaveText('Not shared yet');
  await reviewShot(app, 'hip-visit-documents-en');

  // In Hindi: the link, the document's kind, and a lab report added from a file.
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(visit.getByTestId('visit-link')).toHaveText(/ABHA से जुड़ी है/);
  await visit.getByRole('button', { name: 'दस्तावेज़ जोड़ें' }).click();
  const dialogHi = app.getByRole('dialog');
  await dialogHi.getByTestId('document-file').setInputFiles({ name: 'cbc-report.jpg', mimeType: 'image/jpeg', buffer: LAB_SCAN });
  await expect(dialogHi.getByTestId('paper-chosen')).toContainText('cbc-report.jpg');
  await dialogHi.locator('#document-kind').selectOption('DiagnosticReport');
  await dialogHi.locator('#document-title').fill('Blood test, CBC');
  await dialogHi.getByTestId('preview-document').click();
  await expect(dialogHi.getByTestId('document-preview')).toContainText('Blood test, CBC');
  await dialogHi.getByTestId('file-document').click();
  await expect(dialogHi).toHaveCount(0);
  const lab = visit.getByTestId('visit-document').filter({ hasText: 'Blood test, CBC' });
  await expect(lab).toHaveCount(1);
  await expect(lab).toContainText('लैब या जाँच रिपोर्ट');
  await expect(visit.getByTestId('document-filed')).toHaveText('“Blood test, CBC” इस विज़िट में दर्ज हो गया।');
  await expect(visit.getByTestId('visit-documents')).toContainText('क्या है');
  await reviewShot(app, 'hip-visit-documents-hi');

});
