// Verifying a patient who already has an ABHA, in training: by address or number, then the Aadhaar OTP.
import { manualClock, TRAINING_IDENTITIES } from '../../sandbox/index';
import { enterOtp, OTP, openVerify, verify } from './front-desk-steps';
import { endpointsOf } from '../../electron/training/simulator';
import { test as sandboxTest } from './controlled-sandbox';
import { expect, test } from './web-mode';

const asha = TRAINING_IDENTITIES.existingAbha;

test('verifies an existing ABHA by address and OTP and opens the patient with the card', async ({ app }) => {
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma@sbx');
  await app.getByLabel('ABHA number, ABHA address or mobile').press('Enter');
  await expect(app.getByRole('status').filter({ hasText: 'asha.verma@sbx' })).toBeVisible();
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
  await app.keyboard.type(OTP);
  await app.keyboard.press('Enter');

  await expect(app.getByRole('heading', { level: 1, name: 'Patient' })).toBeFocused();
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
  await expect(app.getByTestId('patient-abha-number')).toHaveText(asha.existingAbha.healthIdNumber);
  await expect(app.getByTestId('patient-gender')).toHaveText('Female');
  await expect(app.getByTestId('patient-dob')).toHaveText('14-07-1988');
  await expect(app.getByRole('img', { name: 'ABHA card of Asha Devi Verma' })).toBeVisible();

  await app.keyboard.press('Alt+Digit1');
  await expect(app.getByTestId('count-verified')).toHaveText('1');
  await expect(app.getByTestId('audit-table').locator('tr[data-action="abha.verified"]')).toContainText(asha.existingAbha.healthIdNumber);
  // Days are typed as the card writes dates (dd-mm-yyyy); Enter shows the day.
  await app.getByLabel('Day', { exact: true }).fill('15-01-2024');
  await app.getByLabel('Day', { exact: true }).press('Enter');
  await expect(app.getByText('Nothing was recorded on this day.')).toBeVisible();
  await expect(app.getByTestId('count-verified')).toHaveText('0');
});

test('verifies by ABHA number typed with spaces', async ({ app }) => {
  await verify(app, '91 4820 1736 5529');
  await expect(app.getByTestId('patient-abha-address')).toHaveText('asha.verma@sbx');
});

test('an unknown ABHA and a malformed one are explained, and what was typed stays', { tag: '@both-apis' }, async ({ app, abdmApi }) => {
  await openVerify(app);
  const abha = app.getByLabel('ABHA number, ABHA address or mobile');
  // Five digits are neither an ABHA number nor a mobile, and an address cannot start with a digit.
  await abha.fill('98765');
  await abha.press('Enter');
  await expect(abha).toHaveAccessibleDescription(/14-digit ABHA number .*, an ABHA address .* or a 10-digit mobile/);
  await expect(abha).toBeFocused();

  await abha.fill('91-0000-0000-0006');
  await abha.press('Enter');
  await expect(app.getByRole('alert')).toContainText(abdmApi === 'v1' ? 'ABDM code: HIS-1008' : 'ABDM code: ABDM-1114');
  await expect(abha).toHaveValue('91-0000-0000-0006');
});

test('a wrong OTP is explained with the tries left and cleared for the next; the right one opens the patient', { tag: '@both-apis' }, async ({ app, abdmApi }) => {
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma@sbx');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  await enterOtp(app, '111111');
  await expect(app.getByRole('alert')).toContainText('Wrong OTP. 4 tries left.');
  await expect(app.getByRole('alert')).toContainText(abdmApi === 'v1' ? /ABDM code: HIS-\d+/ : /ABDM code: ABDM-1204/);
  await expect(app.getByLabel('OTP (6 digits)')).toHaveValue('');
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
  await enterOtp(app);
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
});

test('an ABHA address typed without @sbx is verified with the suffix added', async ({ app }) => {
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'asha.verma@sbx' })).toBeVisible();
  await enterOtp(app);
  await expect(app.getByTestId('patient-abha-address')).toHaveText('asha.verma@sbx');
});

test('a mobile typed with +91 and spaces is taken as the 10 digits (v3 logs in by mobile; v1 sends to the ABHA number or address)', { tag: '@both-apis' }, async ({ app, abdmApi }) => {
  await openVerify(app);
  const abha = app.getByLabel('ABHA number, ABHA address or mobile');
  // The hint offers a mobile only where ABDM can log in by one.
  if (abdmApi === 'v1') await expect(abha).toHaveAccessibleDescription('For example 91-1234-5678-9012 or name@sbx (the @sbx may be left off). ABDM sends the OTP to the patient’s Aadhaar-linked mobile.');
  else await expect(abha).toHaveAccessibleDescription(/or 98765 43210/);
  await abha.fill('+91 98123 45670');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  if (abdmApi === 'v1') {
    // Recognised as a mobile, which Health ID v1 cannot log in by: the desk is already on the older API.
    const alert = app.getByRole('alert');
    await expect(alert).toHaveAttribute('data-error-code', 'NOT_ON_THIS_API');
    await expect(alert).toContainText('This desk uses the older ABDM API, which has no request to find an ABHA by mobile number');
    await expect(alert).toContainText('Type the patient’s ABHA number or ABHA address instead');
    await expect(alert).not.toContainText('choose the older ABDM API');
    await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
    await expect(alert).toContainText('मोबाइल नंबर से ABHA खोजने का कोई अनुरोध नहीं है');
    await expect(app.getByLabel('ABHA नंबर, ABHA पता या मोबाइल')).toHaveAccessibleDescription(/^जैसे 91-1234-5678-9012 या name@sbx/);
    return;
  }
  await expect(app.getByRole('status').filter({ hasText: 'XXXXXX5670' })).toBeVisible();
  await enterOtp(app);
  const choices = app.getByRole('group', { name: /more than one ABHA/ });
  if (await choices.isVisible()) await app.getByRole('button', { name: 'Open this ABHA' }).click();
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
});

sandboxTest('a reload on the OTP step comes back to it, and the patient opens with the one OTP sent', async ({ app, sandbox }) => {
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  const sentTo = app.getByRole('status').filter({ hasText: 'asha.verma@sbx' });
  await expect(sentTo).toBeVisible();
  await app.reload();
  await expect(sentTo).toBeVisible();
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
  await enterOtp(app);
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
  // One OTP transaction for the patient (sandbox/healthid/transactions.ts): the reload sent none.
  expect([...sandbox.state.otpTransactionLog.values()].reduce((sum, times) => sum + times.length, 0)).toBe(1);
  // The login ended in main with the patient opened: Verify starts afresh.
  await openVerify(app);
  await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toBeFocused();
});

// Main and the simulator share a clock fixed at 10:05 in India, so the time the lock ends is known: 22:05.
const tenPastTenIst = sandboxTest.extend({
  // eslint-disable-next-line no-empty-pattern
  clock: async ({}, use) => use(manualClock(Date.parse('2025-07-14T04:35:00.000Z'))),
});
tenPastTenIst.use({ timezoneId: 'Asia/Kolkata' });

tenPastTenIst('wrong login OTPs: 3 tries left after two, then locked with the box disabled and the time it may be tried again', async ({ app }) => {
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('91-4820-1736-5529');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  const alert = app.getByRole('alert');
  await enterOtp(app, '000001');
  await expect(alert).toContainText('Wrong OTP. 4 tries left.');
  await enterOtp(app, '000002');
  await expect(alert).toContainText('Wrong OTP. 3 tries left.');
  await enterOtp(app, '000003');
  await expect(alert).toContainText('Wrong OTP. 2 tries left.');
  await enterOtp(app, '000004');
  await expect(alert).toContainText('Wrong OTP. 1 try left: one more wrong OTP locks OTPs for this patient for 12 hours.');
  await enterOtp(app, '000005');
  await expect(alert).toContainText('Too many wrong OTPs: ABDM has locked OTP verification for this patient. It can be tried again after 14-07-2025 22:05.');
  await expect(app.getByLabel('OTP (6 digits)')).toBeDisabled();
  await expect(app.getByRole('button', { name: 'Verify and open the patient' })).toBeDisabled();
  await expect(app.getByRole('button', { name: /Resend OTP|No more resends/ })).toBeDisabled();
});

// The page, main and the sandbox each hold the 60-second rule, so all three clocks move together here.
const sameClock = sandboxTest.extend({
  webOptions: async ({ sandbox, clock }, use) => use({ training: async () => endpointsOf(sandbox), now: clock.now }),
});

sameClock('resends the OTP once a minute has passed, and counts the resends left', async ({ app, clock }) => {
  await app.clock.install();
  // The page's clock stands still but for runFor, so a busy machine's real seconds cannot take the 0:01 away.
  await app.clock.pauseAt(Date.now() + 1_000);
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma@sbx');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  const resend = app.getByRole('button', { name: /Resend OTP|No more resends/ });
  await expect(resend).toHaveText('Resend OTP in 1:00');
  await expect(resend).toBeDisabled();

  clock.advance(59_000);
  await app.clock.runFor(59_000);
  await expect(resend).toHaveText('Resend OTP in 0:01');
  clock.advance(1_000);
  await app.clock.runFor(1_000);
  await expect(resend).toHaveText('Resend OTP (2 left)');
  await resend.click();
  await expect(app.getByRole('status').filter({ hasText: 'A new OTP was sent.' })).toBeVisible();
  await expect(resend).toHaveText('Resend OTP in 1:00');
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();

  clock.advance(60_000);
  await app.clock.runFor(60_000);
  await expect(resend).toHaveText('Resend OTP (1 left)');
  await resend.click();
  await expect(resend).toHaveText('No more resends');
  await expect(resend).toBeDisabled();

  await enterOtp(app);
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
});

test('a family’s shared mobile: the desk lists its ABHAs and the patient picks theirs (v1 says it cannot)', { tag: '@both-apis' }, async ({ app, abdmApi }, testInfo) => {
  // Three training ABHAs share this mobile (docs/sandbox-abha-v3.md, the Joshi family).
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('91234 00006');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  if (abdmApi === 'v1') {
    const alert = app.getByRole('alert');
    await expect(alert).toHaveAttribute('data-error-code', 'NOT_ON_THIS_API');
    await expect(alert).toContainText('Type the patient’s ABHA number or ABHA address instead');
    await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toHaveValue('91234 00006');
    return;
  }
  await expect(app.getByRole('status').filter({ hasText: 'XXXXXX0006' })).toBeVisible();
  await enterOtp(app);
  const choices = app.getByRole('group', { name: /more than one ABHA/ });
  await expect(choices.getByRole('radio')).toHaveCount(3);
  // Nobody is chosen for the patient: Enter opens no one until they say which ABHA is theirs.
  for (const radio of await choices.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await expect(app.getByRole('button', { name: 'Open this ABHA' })).toBeDisabled();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: 'Verify ABHA' })).toBeVisible();
  await expect(app.getByRole('heading', { level: 1, name: 'Patient' })).toHaveCount(0);
  await choices.getByRole('radio', { name: /Rohan/ }).check();
  await app.screenshot({ path: testInfo.outputPath('choose-abha.png') });
  await app.getByRole('button', { name: 'Open this ABHA' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Patient' })).toBeVisible();
  await expect(app.getByTestId('patient-name')).toContainText('Rohan');
  await expect(app.getByTestId('patient-abha-address')).toHaveText('rohan.joshi@sbx');
});
