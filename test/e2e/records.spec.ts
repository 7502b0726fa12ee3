// The Records screens against the simulator: find and confirm a seeded patient by OTP, ask for all their records
// for five years, watch the request go to granted and the records arrive (pushed by the engine's events), open the
// request's timeline and a record, then the patient revokes one HIP's consent and its records go. The same screens
// in Hindi, and the other ways to confirm a patient (their details, approval on their phone).
import type { Page } from '@playwright/test';
import { OTP, verify } from './front-desk-steps';
import { askFiveYears, expect, nameDoctor, openRecords, readEachRecord, sandboxControl, shot, test } from './records-steps';
import { openScreen } from './web-mode';

/** A screenshot of the screen as it is, in Hindi, then back to English. */
async function inHindi(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await shot(page, name);
  await page.getByRole('button', { name: /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** Finds asha.verma (typed without the @sbx the desk adds) and starts the chosen way to confirm her. */
async function findAsha(page: Page, mode: RegExp, lang: 'en' | 'hi' = 'en', screenshot = ''): Promise<void> {
  const en = lang === 'en';
  await page.getByLabel(en ? 'Patient’s ABHA address' : 'मरीज़ का ABHA पता').fill('asha.verma');
  await page.getByRole('button', { name: en ? 'Find the patient' : 'मरीज़ खोजें' }).click();
  await expect(page.getByTestId('records-modes')).toContainText('asha.verma@sbx');
  await page.getByRole('radio', { name: mode }).check();
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: en ? 'Start' : 'शुरू करें' }).click();
}

test('confirms a patient by OTP, asks for five years of records, follows them in, and a revoked HIP’s records go', async ({ app, sandbox }) => {
  test.setTimeout(90_000);
  await openRecords(app);
  await shot(app, 'find-en');

  // A mistyped address is caught before anything is sent.
  await app.getByLabel('Patient’s ABHA address').fill('asha verma');
  await app.getByRole('button', { name: 'Find the patient' }).click();
  await expect(app.getByText('An ABHA address has letters, digits, dots')).toBeVisible();

  await findAsha(app, /OTP to the patient’s mobile/, 'en', 'modes-en');
  const kyc = app.getByTestId('records-kyc');
  await expect(kyc).toContainText('Confirm Asha Devi Verma');
  await expect(app.getByTestId('kyc-otp-clock')).toContainText(/Valid for \d+:\d\d/);
  // In Hindi the countdown reads as time left, not as a clock time (issue 23: "9:28 तक मान्य" read as "until 9:28").
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.getByTestId('kyc-otp-clock')).toContainText(/\d+ मिनट \d+ सेकंड और मान्य/);
  await app.getByRole('button', { name: /English/ }).click();
  await expect(app.getByTestId('kyc-tries-left')).toHaveText('5 tries left');
  // A wrong OTP costs a try and says so in plain words.
  await app.getByLabel('OTP (6 digits)').fill('654321');
  await app.getByLabel('OTP (6 digits)').press('Enter');
  await expect(kyc.getByRole('alert')).toContainText('The OTP is wrong');
  await expect(app.getByTestId('kyc-tries-left')).toHaveText('4 tries left');
  await shot(app, 'otp-en');
  await app.getByLabel('OTP (6 digits)').fill(OTP);
  await app.getByLabel('OTP (6 digits)').press('Enter');
  await expect(app.getByTestId('records-patient-name')).toHaveText('Asha Devi Verma');

  // No doctor in Settings yet: the screen says so and sends the operator there.
  await expect(app.getByTestId('records-requester')).toContainText('No requesting doctor is set');
  await shot(app, 'ask-no-doctor-en');
  await app.getByTestId('records-requester').getByRole('button', { name: 'Open Settings' }).click();
  await app.getByLabel('Requesting doctor’s name').fill('Dr. Meera Nair');
  await app.getByLabel('Doctor’s registration number').fill('MMC-2011-04567');
  await app.getByRole('button', { name: 'Save settings' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await openRecords(app);
  await expect(app.getByTestId('records-requester')).toContainText('Dr. Meera Nair, registration number MMC-2011-04567');

  // All seven kinds (chosen by default), five years, CAREMGT.
  const ask = app.getByTestId('records-ask');
  for (const name of ['Doctor’s consultation notes', 'Prescriptions', 'Discharge summaries', 'Lab reports and scans', 'Vaccinations', 'Other health documents', 'Health readings (BP, weight…)'])
    await expect(ask.getByRole('checkbox', { name })).toBeChecked();
  await ask.getByRole('radio', { name: 'Last 5 years' }).check();
  await expect(ask.getByLabel('Why the records are needed')).toHaveValue('CAREMGT');
  await expect(app.getByTestId('records-readout')).toContainText('Dr. Meera Nair at this clinic would like to see your');
  await shot(app, 'ask-en');
  await ask.getByRole('button', { name: 'Send the consent request' }).click();

  // The request goes to granted, the records arrive: the screen follows the engine's events.
  const requests = app.getByTestId('records-requests');
  await expect(requests.getByTestId('request-state').first()).toHaveText('Records received', { timeout: 20_000 });
  await expect(app.getByRole('button', { name: 'Records (4)' })).toBeVisible();
  const detail = app.getByTestId('request-detail');
  await expect(detail.getByTestId('request-artefacts').locator('tbody tr')).toHaveCount(3);
  const timeline = detail.getByTestId('request-timeline');
  await expect(timeline.locator('tr[data-path="/v0.5/consent-requests/init"]')).toContainText('Accepted by ABDM (HTTP 202)');
  await expect(timeline.locator('tr[data-path="/v0.5/consents/hiu/notify"]').first()).toContainText('the patient’s decision');
  await expect(timeline.locator('tr[data-path="/v0.5/health-information/notify"]')).toHaveCount(3);
  await shot(app, 'requests-timeline-en');

  // Records by visit, newest first: Sunrise (18 days ago), City Clinic (20), Nashik (180).
  await app.getByRole('button', { name: 'Records (4)' }).click();
  const visits = app.getByTestId('records-visits').locator('section');
  await expect(visits).toHaveCount(3);
  await expect(visits.nth(0)).toHaveAttribute('data-hip-id', 'HIP-SUNRISE-LABS');
  await expect(visits.nth(1)).toHaveAttribute('data-hip-id', 'HIP-CITYCLINIC-PUNE');
  await expect(visits.nth(2)).toHaveAttribute('data-hip-id', 'HIP-DH-NASHIK');
  await expect(visits.nth(1).getByRole('button')).toHaveText(['Doctor’s consultation notes', 'Prescriptions']);
  await shot(app, 'records-en');
  // Each record opens readable: its key content, the lab report's PDF drawn as a page; print and save from the view.
  expect(await readEachRecord(app, 'en')).toEqual(['DiagnosticReport', 'DischargeSummary', 'OPConsultation', 'Prescription']);
  await visits.nth(0).getByRole('button', { name: 'Lab reports and scans' }).click();
  const view = app.getByTestId('record-view');
  await expect(view.getByRole('heading', { level: 2 })).toHaveText('Lab reports and scans from Sunrise Diagnostics');
  await expect(view).toContainText('LAB-7781');
  await view.getByRole('button', { name: 'Print (A4)' }).click();
  await expect(view.getByTestId('record-action-done')).toContainText('Print dialog opened');
  await view.getByRole('button', { name: 'Save as PDF' }).click();
  // the saved file says what, whose and which day (issue 23), not an id
  await expect(view.getByTestId('record-action-done')).toContainText(/Lab-report-Asha-Devi-Verma-\d{2}-\d{2}-\d{4}\.pdf/);
  await view.getByRole('button', { name: 'Save this file' }).click();
  await expect(view.getByTestId('record-attachment').getByRole('status')).toContainText('attachment.pdf');
  await shot(app, 'record-view-en');
  await view.getByRole('button', { name: 'Back to the records' }).click();
  // The same four records read in Hindi (labels translated, content as received).
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  expect(await readEachRecord(app, 'hi')).toEqual(['DiagnosticReport', 'DischargeSummary', 'OPConsultation', 'Prescription']);
  await app.getByRole('button', { name: /English/ }).click();
  await expect(app.getByRole('button', { name: 'Records (4)' })).toBeVisible();

  // The patient revokes Sunrise's consent on their phone: its records go from the list at once.
  const consents = await app.evaluate(async () => {
    const result = await window.abhaDesk!.consents.list({ patientId: 'asha.verma@sbx' });
    if (!result.ok) throw new Error(result.error.code);
    return result.value;
  });
  const sunrise = consents[0]!.artefacts.find((artefact) => artefact.hipId === 'HIP-SUNRISE-LABS')!;
  await sandboxControl(sandbox, `/consents/${sunrise.id}/revoke`);
  await expect(visits).toHaveCount(2);
  await expect(app.getByTestId('records-visits').locator('[data-hip-id="HIP-SUNRISE-LABS"]')).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Records (3)' })).toBeVisible();
  await app.getByRole('button', { name: /^Requests/ }).click();
  await expect(detail.locator(`tr[data-artefact-id="${sunrise.id}"]`)).toContainText('Revoked by the patient');
  await expect(detail.locator(`tr[data-artefact-id="${sunrise.id}"]`)).toContainText('records erased');
  await shot(app, 'requests-revoked-en');

  // The same desk in Hindi.
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.getByRole('button', { name: 'अनुरोध (1)' })).toBeVisible();
  await expect(requests.getByTestId('request-state').first()).toHaveText('रिकॉर्ड मिल गए');
  await expect(requests).toContainText('मरीज़ का इलाज (देखभाल प्रबंधन)');
  await expect(detail.locator(`tr[data-artefact-id="${sunrise.id}"]`)).toContainText('मरीज़ ने वापस ली');
  await expect(detail.getByTestId('request-timeline')).toContainText('ABDM ने स्वीकार किया');
  await shot(app, 'requests-timeline-hi');
  await app.getByRole('button', { name: 'रिकॉर्ड (3)' }).click();
  await expect(app.getByTestId('records-visits').locator('section')).toHaveCount(2);
  await shot(app, 'records-hi');
  await app.getByRole('button', { name: 'डॉक्टर के परामर्श नोट' }).click();
  await expect(app.getByTestId('record-view').getByRole('heading', { level: 2 })).toContainText('डॉक्टर के परामर्श नोट');
  await expect(app.getByTestId('record-body')).toContainText('मुख्य शिकायतें');
  await shot(app, 'record-view-hi');
  await app.getByRole('button', { name: 'रिकॉर्ड पर वापस' }).click();
  await app.getByRole('button', { name: 'रिकॉर्ड माँगें' }).click();
  await expect(app.getByTestId('records-readout')).toContainText('Dr. Meera Nair');
  await shot(app, 'ask-hi');
});

test('vaccinations, health readings and a scanned document open readable, in English and in Hindi', async ({ app }) => {
  test.setTimeout(90_000);
  await nameDoctor(app);
  await askFiveYears(app, 'rohan.desai', 'Rohan Desai');
  await app.getByRole('button', { name: 'Records (3)' }).click();
  expect(await readEachRecord(app, 'en')).toEqual(['HealthDocumentRecord', 'ImmunizationRecord', 'WellnessRecord']);

  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.getByRole('button', { name: 'रिकॉर्ड (3)' })).toBeVisible();
  expect(await readEachRecord(app, 'hi')).toEqual(['HealthDocumentRecord', 'ImmunizationRecord', 'WellnessRecord']);
  await app.getByRole('button', { name: 'टीकाकरण' }).click();
  const view = app.getByTestId('record-view');
  await expect(view.getByTestId('record-body')).toContainText('खुराक संख्या');
  await expect(view.getByTestId('record-body')).toContainText('लॉट');
});

test('in Hindi: finds a patient, confirms by their details, and by approval on their phone', async ({ app, sandbox }) => {
  test.setTimeout(60_000);
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await openRecords(app);
  await expect(app.getByTestId('records-find')).toContainText('जैसे asha.verma');
  await shot(app, 'find-hi');

  await findAsha(app, /मरीज़ का विवरण/, 'hi', 'modes-hi');
  const kyc = app.getByTestId('records-kyc');
  await expect(kyc.getByRole('heading')).toContainText('Asha Devi Verma की पुष्टि: मरीज़ का विवरण');
  await app.getByLabel('पूरा नाम').fill('Asha Verma');
  await app.getByLabel('जन्म तिथि').fill('1988-07-14');
  await app.getByRole('button', { name: 'मरीज़ की पुष्टि करें' }).click();
  await expect(kyc.getByRole('alert')).toContainText('ये विवरण मरीज़ के ABHA से मेल नहीं खाते');
  await shot(app, 'demographics-hi');
  await app.getByLabel('पूरा नाम').fill('Asha Devi Verma');
  await app.getByRole('button', { name: 'मरीज़ की पुष्टि करें' }).click();
  await expect(app.getByTestId('records-patient-name')).toHaveText('Asha Devi Verma');
  await expect(app.getByTestId('records-requester')).toContainText('अनुरोध करने वाला डॉक्टर सेट नहीं है');
  await shot(app, 'ask-no-doctor-hi');

  // Approval on the phone: the desk shows that it waits, and moves on when the patient approves.
  await sandboxControl(sandbox, '/hiu/settings', { directAuthDelayMs: 2500 });
  await app.getByRole('button', { name: 'दूसरा मरीज़' }).click();
  await findAsha(app, /मरीज़ के फ़ोन पर स्वीकृति/, 'hi');
  await expect(app.getByTestId('kyc-direct-wait')).toContainText('मरीज़ के फ़ोन पर स्वीकृति की प्रतीक्षा');
  await shot(app, 'direct-wait-hi');
  await expect(app.getByTestId('records-patient-name')).toHaveText('Asha Devi Verma', { timeout: 10_000 });
  await app.getByRole('button', { name: /^अनुरोध/ }).click();
  await expect(app.getByText('इस मरीज़ के लिए अभी तक कोई रिकॉर्ड नहीं माँगा गया।')).toBeVisible();
});

test('a patient verified today is one choice away; ABDM deactivates them: a banner and no new requests; deletes them: only the purge record', async ({ app, sandbox }) => {
  await verify(app, 'asha.verma@sbx');
  await openRecords(app);
  const today = app.getByTestId('records-today');
  await expect(today).toContainText('asha.verma@sbx · ABHA verified');
  await shot(app, 'today-en');
  await inHindi(app, 'today-hi');
  await today.getByRole('button', { name: 'Asha Devi Verma' }).click();
  await expect(app.getByTestId('records-modes')).toContainText('ABDM knows this patient: Asha Devi Verma (asha.verma@sbx)');
  await app.getByRole('button', { name: 'Start' }).click();
  await expect(app.getByTestId('kyc-tries-left')).toBeVisible();
  await inHindi(app, 'otp-hi');
  await app.getByLabel('OTP (6 digits)').fill(OTP);
  await app.getByLabel('OTP (6 digits)').press('Enter');
  await expect(app.getByTestId('records-patient-name')).toHaveText('Asha Devi Verma');
  await expect(app.getByRole('button', { name: 'Ask for records' })).toBeVisible();

  await sandboxControl(sandbox, '/patients/asha.verma@sbx/status', { status: 'DEACTIVATED' });
  await expect(app.getByTestId('records-inactive')).toContainText('ABDM has deactivated this patient’s ABHA');
  await expect(app.getByRole('button', { name: 'Ask for records' })).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Requests (0)' })).toHaveAttribute('aria-pressed', 'true');
  await shot(app, 'inactive-en');
  await inHindi(app, 'inactive-hi');

  await sandboxControl(sandbox, '/patients/asha.verma@sbx/status', { status: 'DELETED' });
  await expect(app.getByTestId('records-purged')).toContainText('ABDM deleted the ABHA asha.verma@sbx');
  await expect(app.getByTestId('records-purge-entry')).toContainText('Erased on');
  await expect(app.getByTestId('records-requests')).toHaveCount(0);
  await shot(app, 'deleted-en');
  await inHindi(app, 'deleted-hi');

  // Looking the patient up again: the consent manager refuses, and the desk shows what it erased.
  await app.getByRole('button', { name: 'Another patient' }).click();
  await app.getByLabel('Patient’s ABHA address').fill('asha.verma@sbx');
  await app.getByRole('button', { name: 'Find the patient' }).click();
  await expect(app.getByTestId('records-purged')).toContainText('ABDM deleted the ABHA asha.verma@sbx');
});
