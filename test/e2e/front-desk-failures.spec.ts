// When ABDM cannot be reached, the patient's session has ended, or the desk is not set up: the screen says
// what happened in plain words, keeps what was typed and offers the way forward.
import { TRAINING_IDENTITIES, type RunningSandbox } from '../../sandbox/index';
import { test } from './controlled-sandbox';
import { enterAadhaarOtp, enterOtp, openEnrol, startEnrolment, verify } from './front-desk-steps';
import { expect, setAdminPin, test as base, unlockConnection } from './web-mode';

async function setFaults(sandbox: RunningSandbox, faults: { dropRate?: number }): Promise<void> {
  const response = await fetch(`${sandbox.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(response.ok).toBe(true);
}

test('ABDM unreachable mid-enrolment: the message says so, the OTP stays, and trying again carries on', async ({ app, sandbox }) => {
  await startEnrolment(app, TRAINING_IDENTITIES.newResident.aadhaar);
  await expect(app.getByLabel('OTP (6 digits)')).toBeVisible();
  await setFaults(sandbox, { dropRate: 1 });
  await enterAadhaarOtp(app, '9876500009');
  const alert = app.getByRole('alert');
  await expect(alert).toHaveAttribute('data-error-code', 'ABDM_UNREACHABLE');
  await expect(alert).toContainText('Could not connect to ABDM');
  await expect(app.getByLabel('OTP (6 digits)')).toHaveValue('123456');

  await setFaults(sandbox, {});
  await app.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'XXXXXX0009' })).toBeVisible();
});

test('a patient whose ABHA session ended is verified again with the ABHA filled in', async ({ app, clock }) => {
  await verify(app, 'asha.verma@sbx');
  await expect(app.getByRole('img', { name: 'ABHA card of Asha Devi Verma' })).toBeVisible();

  // ABDM's user token lasts 30 minutes; on ABHA v3 the desk renews it with the refresh token (a day in the sandbox).
  // The card shown is held until midnight (reprints need no OTP that day), so the patient comes back the next day.
  clock.advance(25 * 3600_000);
  await app.getByRole('button', { name: 'Save card as PDF' }).click();
  const alert = app.getByRole('alert');
  await expect(alert).toHaveAttribute('data-error-code', 'VERIFY_AGAIN');
  await expect(alert).toContainText('Verify the patient again');
  await alert.getByRole('button', { name: 'Verify the patient again' }).click();

  await expect(app.getByRole('heading', { level: 1, name: 'Verify ABHA' })).toBeVisible();
  await expect(app.getByText('The patient’s ABHA session ended.')).toBeVisible();
  await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toHaveValue('asha.verma@sbx');
  await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toBeFocused();
  await app.getByRole('button', { name: 'Send OTP' }).click();
  await enterOtp(app);
  await app.getByRole('button', { name: 'Save card as PDF' }).click();
  await expect(app.getByRole('status').filter({ hasText: /Download started: .+\.pdf$/ })).toBeVisible();
});

test('a flow finished elsewhere offers to start again, keeping the Aadhaar number and consent', async ({ app }) => {
  const flowIds: string[] = [];
  app.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => flowIds.push(...[...String(frame.payload).matchAll(/"flowId":"([\w-]{36})"/g)].map((m) => m[1]!))),
  );
  await app.reload();
  await startEnrolment(app, TRAINING_IDENTITIES.secondResident.aadhaar);
  await expect(app.getByLabel('OTP (6 digits)')).toBeVisible();
  // The same enrolment is finished by another window of the desk, so this page's flow no longer exists.
  const finished = await app.evaluate(async (flowId) => {
    const enrol = window.abhaDesk!.enrol;
    const next = await enrol.verifyAadhaarOtp({ flowId, otp: '123456', mobile: '9845000002' });
    if (next.ok && next.value.next === 'mobile-otp') await enrol.verifyMobileOtp({ flowId, otp: '123456' });
    return enrol.create({ flowId });
  }, flowIds[0]!);
  expect(finished.ok).toBe(true);

  await enterAadhaarOtp(app, '9845000002');
  const alert = app.getByRole('alert');
  await expect(alert).toHaveAttribute('data-error-code', 'FLOW_EXPIRED');
  await expect(alert).toContainText('Start again from the beginning');
  await alert.getByRole('button', { name: 'Start again' }).click();
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('XXXX XXXX 3458');
  await expect(app.getByLabel('The patient has heard this and agrees')).toBeChecked();
  await expect(app.getByLabel('Aadhaar number')).toBeFocused();
});

base('without a client ID or secret the ABDM sandbox cannot be used: each message leads to Settings, where they are given', async ({ app }) => {
  await app.keyboard.press('Alt+Digit6');
  await app.getByLabel('Environment').selectOption('abdm-sandbox');
  await app.getByRole('button', { name: 'Save settings' }).click();
  // The first change to a connection setting sets the admin PIN; each later visit to Settings unlocks with it.
  await setAdminPin(app);
  await expect(app.getByTestId('training-banner')).toHaveCount(0);

  await startEnrolment(app, TRAINING_IDENTITIES.newResident.aadhaar);
  const alert = app.getByRole('alert');
  await expect(alert).toHaveAttribute('data-error-code', 'CLIENT_ID_MISSING');
  await expect(alert).toContainText('client ID is not set');
  await alert.getByRole('button', { name: 'Open Settings' }).click();
  await unlockConnection(app);
  await app.getByLabel('Client ID').fill('SBX_001234');
  await app.getByRole('button', { name: 'Save settings' }).click();

  // Back on Enrol, what was typed is still there: the operator only sends again.
  await openEnrol(app);
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('XXXX XXXX 0124');
  await app.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();
  await expect(alert).toHaveAttribute('data-error-code', 'CLIENT_SECRET_MISSING');
  await expect(alert).toContainText('client secret is not set');
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('XXXX XXXX 0124');
  await alert.getByRole('button', { name: 'Open Settings' }).click();

  await expect(app.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await unlockConnection(app);
  const secret = app.getByLabel('Client secret', { exact: true });
  await expect(secret).toHaveAttribute('type', 'password');
  await app.getByRole('button', { name: 'Store client secret' }).click();
  await expect(secret).toHaveAccessibleDescription(/Type the client secret/);
  await secret.fill('s3cret-from-abdm');
  await app.getByRole('button', { name: 'Store client secret' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Client secret stored in the system keychain.' })).toBeVisible();
  await expect(secret).toHaveValue('');
});

base.describe('without a system keychain', () => {
  base.use({ webOptions: { secretDriver: null } });

  base('says the client secret is kept only until ABHA Desk closes', async ({ app }) => {
    await app.keyboard.press('Alt+Digit6');
    await app.getByLabel('Client secret', { exact: true }).fill('s3cret-from-abdm');
    await app.getByRole('button', { name: 'Store client secret' }).click();
    await setAdminPin(app);
    await expect(app.getByRole('status').filter({ hasText: 'kept only until ABHA Desk closes' })).toBeVisible();
  });
});

base('in Hindi, main’s message and the code line are Hindi, drawn with the bundled Devanagari font', { tag: '@both-apis' }, async ({ app, abdmApi }) => {
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await app.keyboard.press('Alt+Digit2');
  await expect(app.getByRole('heading', { level: 1, name: 'नामांकन' })).toBeVisible();
  await app.getByLabel('आधार नंबर').pressSequentially(TRAINING_IDENTITIES.noMobile.aadhaar);
  await app.getByLabel('मरीज़ ने यह सुना है और सहमत है').check();
  await app.getByRole('button', { name: 'आधार से जुड़े मोबाइल पर OTP भेजें' }).click();
  const alert = app.getByRole('alert');
  await expect(alert).toContainText(abdmApi === 'v1' ? 'ABDM कोड: HIS-3005' : 'ABDM कोड: ABDM-9999', { timeout: 20_000 });
  // Suresh's Aadhaar has no mobile: the patient must link one first (at an Aadhaar centre), on either API.
  await expect(alert).toHaveAttribute('data-error-code', 'AADHAAR_NO_MOBILE');
  await expect(alert).toContainText('मरीज़ पहले आधार केंद्र पर (UIDAI, 1947 पर कॉल) अपने आधार से मोबाइल नंबर जुड़वाएँ');
  await expect(alert.locator('.message')).toHaveText(/[\u0900-\u097F]/);

  // Text drawn at start-up, before any font was asked for, must use the font too (not boxes): its width
  // matches the width it has when the font is named outright.
  // (A reload comes back to the screen that was open: Enrol.)
  await app.reload();
  const heading = app.getByRole('heading', { level: 1, name: 'नामांकन' });
  await expect(heading).toBeVisible();
  const widths = () => heading.evaluate((element: HTMLElement) => {
    const width = () => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().width;
    };
    const asDrawn = width();
    element.style.fontFamily = '"Noto Sans Devanagari"';
    const withFont = width();
    element.style.fontFamily = '';
    return { asDrawn, withFont };
  });
  await expect.poll(async () => {
    const { asDrawn, withFont } = await widths();
    return Math.abs(asDrawn - withFont);
  }).toBeLessThan(0.5);
});
