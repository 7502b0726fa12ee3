// HIU_FLOW_101 on the Records screen (ABDM v3): a patient is found by ABHA number as well as by address. The desk
// verified the patient first; the consent manager (the simulator's HIE-CM v3 identity check) confirms the number
// with those details, and the patient opens for a consent request. An ABHA number of a patient not verified here is
// explained before anything is sent. English and Hindi.
import { verify } from './front-desk-steps';
import { expect, nameDoctor, openRecords, shot, test } from './records-steps';

test.use({ abdmApi: 'v3' });

test('finds a verified patient by ABHA number; an unverified number is explained', async ({ app }) => {
  test.setTimeout(90_000);
  await nameDoctor(app);

  // Not verified at this desk: the clerk is told how to go on.
  await openRecords(app);
  await app.getByLabel('Patient’s ABHA address').fill('91-4820-1736-5529');
  await app.getByRole('button', { name: 'Find the patient' }).click();
  await expect(app.getByText('To find a patient by ABHA number, verify them first')).toBeVisible();
  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.getByText('ABHA नंबर से मरीज़ खोजने के लिए पहले उन्हें सत्यापित करें')).toBeVisible();
  await shot(app, 'find-by-number-verify-first-hi');
  await app.getByRole('button', { name: /English/ }).click();

  await verify(app, 'asha.verma@sbx');
  await openRecords(app);
  await app.getByLabel('Patient’s ABHA address').fill('91 4820 1736 5529');
  await app.getByRole('button', { name: 'Find the patient' }).click();
  await expect(app.getByTestId('records-patient-name')).toHaveText('Asha Devi Verma', { timeout: 15_000 });
  await expect(app.getByTestId('records-patient')).toContainText('asha.verma@sbx');
  await expect(app.getByTestId('records-ask')).toBeVisible();
  await shot(app, 'find-by-number-en');
});
