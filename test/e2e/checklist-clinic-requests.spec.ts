// ABDM's HIU_FLOW_104 and the v3 HI type Invoice on the Records screen: the desk asks kiran.rao (a demo patient whose
// visit came with a bill) for five years of records; the bill opens with its lines and totals; then, with no
// patient chosen, the clinic-wide list shows the request (patient, when asked, state, the date its records will be
// erased), in English and Hindi, and Open goes back to that patient's request.
import { askFiveYears, expect, nameDoctor, shot, test } from './records-steps';

/** dd-mm-yyyy of an ISO time on this computer's calendar, written here rather than taken from the app. */
function localDay(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getDate()).padStart(2, '0')}-${String(at.getMonth() + 1).padStart(2, '0')}-${at.getFullYear()}`;
}

// Bills are an HI type of ABDM v3 only: this spec sets the desk to v3 itself (it runs in the 'headless' project).
test.use({ abdmApi: 'v3' });

test('a bill arrives and opens; the clinic-wide list shows every request with its erase date, in English and Hindi', async ({ app }) => {
  test.setTimeout(90_000);
  await nameDoctor(app);
  await askFiveYears(app, 'kiran.rao', 'Kiran Rao');

  // The bill: its lines (item, quantity, charges) and totals, as the demo HIP wrote them.
  await app.getByRole('button', { name: /^Records \(/ }).click();
  const bill = app.locator('li[data-hi-type="Invoice"]');
  await expect(bill.getByRole('button', { name: 'Bills' })).toBeVisible();
  await bill.getByRole('button', { name: 'Bills' }).click();
  const view = app.locator('[data-testid="record-view"][data-state="ready"]');
  const lines = view.getByTestId('record-invoice-lines');
  await expect(lines.locator('tbody tr')).toHaveCount(2);
  await expect(lines.locator('tbody tr').nth(0)).toContainText('Consultation');
  await expect(lines.locator('tbody tr').nth(0)).toContainText('Price: 500 INR');
  await expect(lines.locator('tbody tr').nth(1)).toContainText('Complete blood count');
  await expect(lines.locator('tbody tr').nth(1)).toContainText('Tax (GST 18%): 63 INR');
  await expect(view.getByTestId('record-body')).toContainText('Total before tax');
  await expect(view.getByTestId('record-body')).toContainText('850 INR');
  await expect(view.getByTestId('record-body')).toContainText('913 INR');
  await expect(view.getByTestId('record-body')).toContainText('Issued');
  await shot(app, 'invoice-en');
  await view.getByRole('button', { name: 'Back to the records' }).click();

  // No patient chosen: every request of the clinic.
  await app.getByRole('button', { name: 'Another patient' }).click();
  const clinic = app.getByTestId('records-clinic');
  await expect(clinic.getByRole('heading', { name: 'All consent requests of this clinic' })).toBeVisible();
  const rows = clinic.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const consents = await app.evaluate(async () => {
    const result = await window.abhaDesk!.consents.list({});
    if (!result.ok) throw new Error(result.error.code);
    return result.value;
  });
  const eraseAt = consents[0]!.artefacts[0]!.dataEraseAt ?? consents[0]!.dataEraseAt;
  await expect(rows.first().getByTestId('clinic-patient')).toHaveText('kiran.rao@sbx');
  await expect(rows.first().getByTestId('request-state')).toHaveText('Records received');
  await expect(rows.first().getByTestId('clinic-erase')).toHaveText(localDay(eraseAt));
  await expect(clinic.locator('thead')).toContainText('Records erased on');
  await shot(app, 'clinic-requests-en');

  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(clinic.getByRole('heading', { name: 'इस क्लिनिक के सभी सहमति अनुरोध' })).toBeVisible();
  await expect(clinic.locator('thead')).toContainText('रिकॉर्ड कब मिटेंगे');
  await expect(rows.first().getByTestId('request-state')).toHaveText('रिकॉर्ड मिल गए');
  await shot(app, 'clinic-requests-hi');
  await app.getByRole('button', { name: /English/ }).click();

  // Open: that patient's requests, this one open with its details.
  await rows.first().getByRole('button', { name: 'Open' }).click();
  await expect(app.getByTestId('records-patient-name')).toHaveText('kiran.rao@sbx');
  await expect(app.getByTestId('request-detail')).toBeVisible();
});
