// Fetching a consent's records again when the hospital sends only one kind of record for a visit (issue 23, security
// item 8): the visit's other kinds stay, and the request's timeline says what was replaced, in English and Hindi.
import { hiuWorldOf } from '../../sandbox/gateway/hiu/index';
import { askFiveYears, expect, nameDoctor, sandboxControl, shot, test } from './records-steps';

test('a re-fetch that brings one kind of record replaces only that kind, and the timeline says so', async ({ app, sandbox }) => {
  test.setTimeout(90_000);
  // City Clinic's visit OPD-0042 (docs/sandbox-hiu.md) gets a third kind of record: health readings.
  await sandboxControl(sandbox, '/patients/asha.verma@sbx/records', { hipId: 'HIP-CITYCLINIC-PUNE', hiTypes: ['WellnessRecord'], careContextReference: 'OPD-0042' });
  await nameDoctor(app);
  await askFiveYears(app, 'asha.verma', 'Asha Devi Verma');
  await expect(app.getByRole('button', { name: 'Records (5)' })).toBeVisible();

  // The hospital now sends only the visit's prescription; the desk fetches the consent's records again.
  const visit = hiuWorldOf(sandbox.context).directory.find('asha.verma@sbx')!.careContexts.find((cc) => cc.careContextReference === 'OPD-0042')!;
  visit.hiTypes = ['Prescription'];
  await app.evaluate(async () => {
    const consents = await window.abhaDesk!.consents.list({ patientId: 'asha.verma@sbx' });
    if (!consents.ok) throw new Error(consents.error.code);
    const clinic = consents.value[0]!.artefacts.find((artefact) => artefact.hipId === 'HIP-CITYCLINIC-PUNE')!;
    const fetched = await window.abhaDesk!.records.fetch({ artefactId: clinic.id });
    if (!fetched.ok) throw new Error(fetched.error.code);
  });

  const replaced = app.getByTestId('request-detail').getByTestId('request-timeline').locator('tr[data-step="replaced"]');
  await expect(replaced).toContainText('Replaced earlier records', { timeout: 20_000 });
  await expect(replaced).toContainText('Visit OPD-0042: 1 earlier record(s) replaced by this delivery (Prescriptions); records of other kinds kept.');
  await shot(app, 'refetch-replaced-en');
  // The visit still has all three kinds, one of each.
  await app.getByRole('button', { name: 'Records (5)' }).click();
  const clinicVisit = app.getByTestId('records-visits').locator('section[data-hip-id="HIP-CITYCLINIC-PUNE"]');
  await expect(clinicVisit.getByRole('button')).toHaveText(['Doctor’s consultation notes', 'Prescriptions', 'Health readings (BP, weight…)']);

  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.locator('html')).toHaveAttribute('lang', 'hi');
  await app.getByRole('button', { name: /^अनुरोध/ }).click();
  await expect(replaced).toContainText('पहले के रिकॉर्ड बदले गए');
  await expect(replaced).toContainText('विज़िट OPD-0042: इस डिलीवरी ने पहले के 1 रिकॉर्ड बदले');
  await shot(app, 'refetch-replaced-hi');
});
