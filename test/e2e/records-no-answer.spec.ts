// A consent request whose answer from ABDM never comes (issue 23: a relay that passed no callback on): it reads
// "Waiting for ABDM’s answer", not "Waiting for the patient", and once Settings' answer timeout (60 s by default)
// has passed on the desk's clock, "ABDM did not answer" with what to check, in English and in Hindi; Ask again
// sends the same request anew. The simulator holds its callbacks back; its clock and main's move together.
import type { Page } from '@playwright/test';
import type { RunningSandbox } from '../../sandbox/index';
import { test } from './controlled-sandbox';
import { OTP } from './front-desk-steps';
import { expect, nameDoctor, openRecords, sandboxControl, shot } from './records-steps';

async function confirmAsha(page: Page): Promise<void> {
  await openRecords(page);
  await page.getByLabel('Patient’s ABHA address').fill('asha.verma');
  await page.getByRole('button', { name: 'Find the patient' }).click();
  await page.getByRole('radio', { name: /OTP to the patient’s mobile/ }).check();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByLabel('OTP (6 digits)').fill(OTP);
  await page.getByLabel('OTP (6 digits)').press('Enter');
  await expect(page.getByTestId('records-patient-name')).toHaveText('Asha Devi Verma');
}

/** From now on the simulator sends its callbacks this much later (real time), and the patient decides only when told. */
async function holdCallbacks(sandbox: RunningSandbox, ms: number): Promise<void> {
  await sandboxControl(sandbox, '/hiu/settings', { callbackDelayMs: ms, consentDecision: 'manual' });
}

test('a request ABDM never answers says so after the answer timeout, with what to check, and can be asked again', async ({ app, sandbox, clock }) => {
  test.setTimeout(90_000);
  await nameDoctor(app);
  await confirmAsha(app);

  await holdCallbacks(sandbox, 600_000);
  const ask = app.getByTestId('records-ask');
  await ask.getByRole('radio', { name: 'Last 5 years' }).check();
  await ask.getByRole('button', { name: 'Send the consent request' }).click();
  const requests = app.getByTestId('records-requests');
  const first = requests.locator('tbody tr').first();
  // Accepted by ABDM, no on-init: the patient has not been asked yet.
  await expect(first.getByTestId('request-state')).toHaveText('Waiting for ABDM’s answer');
  await expect(first).toHaveAttribute('data-state', 'awaiting-abdm');

  // Settings' answer timeout is 60 seconds: a minute and a second later, the engine's sweep marks it.
  clock.advance(61_000);
  await expect(first.getByTestId('request-state')).toHaveText('ABDM did not answer', { timeout: 10_000 });
  // The request just sent is open below the list, with its details and timeline.
  await expect(first.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
  const detail = app.getByTestId('request-detail');
  const help = detail.getByTestId('request-no-answer');
  await expect(help).toContainText('ABDM took the request but its answer never reached this desk, so the patient was not asked.');
  await expect(help).toContainText('in Settings, under Callback bridge, the bridge must be reachable from the internet (its own bridge) or the relay connected');
  await expect(detail.getByTestId('request-timeline').locator('tr[data-step="timed-out"]')).toContainText('No answer in time');
  await shot(app, 'no-answer-en');

  await app.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(app.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(first.getByTestId('request-state')).toHaveText('ABDM ने जवाब नहीं दिया');
  await expect(help).toContainText('ABDM ने अनुरोध ले लिया पर उसका जवाब इस डेस्क तक नहीं पहुँचा, इसलिए मरीज़ से पूछा नहीं गया।');
  await expect(help).toContainText('सेटिंग्स में कॉलबैक ब्रिज के नीचे');
  await expect(help.getByRole('button', { name: 'दोबारा पूछें' })).toBeVisible();
  await expect(detail.getByTestId('request-timeline').locator('tr[data-step="timed-out"]')).toContainText('समय पर जवाब नहीं');
  await shot(app, 'no-answer-hi');
  await app.getByRole('button', { name: /English/ }).click();
  await expect(app.locator('html')).toHaveAttribute('lang', 'en');

  // The callback path works again: Ask again sends the same request, and this time ABDM answers.
  await holdCallbacks(sandbox, 0);
  await help.getByRole('button', { name: 'Ask again' }).click();
  await expect(requests.locator('tbody tr')).toHaveCount(2);
  await expect(requests.locator('tbody tr').first().getByTestId('request-state')).toHaveText('Waiting for the patient');
  await expect(requests.locator('tbody tr').nth(1).getByTestId('request-state')).toHaveText('ABDM did not answer');
});
