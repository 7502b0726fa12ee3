// Moving between screens the way a browser user does: Back and Forward go from screen to screen, Back from the first
// screen stays in the app, a reload opens the screen that was open; a screen with a form opens with the caret in its
// first field (typing right after Alt+2 lands in the Aadhaar box) while its name is still announced.
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { enterOtp, openEnrol, openVerify, startEnrolment } from './front-desk-steps';
import { expect, test } from './web-mode';

const heading = (page: import('@playwright/test').Page, name: string) => page.getByRole('heading', { level: 1, name });

test('Back and Forward move between Today, Enrol and Verify; Back from the first screen stays in the app', async ({ app, web }) => {
  await expect(heading(app, 'Today')).toBeVisible();
  await app.goBack();
  await expect(heading(app, 'Today')).toBeVisible();
  expect(app.url()).toBe(`${web.origin}/`);

  await openEnrol(app);
  await openVerify(app);
  await app.goBack();
  await expect(heading(app, 'Enrol')).toBeVisible();
  await expect(app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Enrol' })).toHaveAttribute('aria-current', 'page');
  await app.goBack();
  await expect(heading(app, 'Today')).toBeVisible();
  await app.goBack();
  await expect(heading(app, 'Today')).toBeVisible();
  expect(app.url()).toBe(`${web.origin}/`);
  await app.goForward();
  await expect(heading(app, 'Enrol')).toBeVisible();
  await app.goForward();
  await expect(heading(app, 'Verify ABHA')).toBeVisible();

  // A reload opens the screen that was open, and Back still goes to the one before it.
  await app.reload();
  await expect(heading(app, 'Verify ABHA')).toBeVisible();
  await app.goBack();
  await expect(heading(app, 'Enrol')).toBeVisible();
});

test('Back from the patient returns to Verify, and Forward to the patient again', async ({ app }) => {
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma@sbx');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  await enterOtp(app);
  await expect(heading(app, 'Patient')).toBeFocused();
  await app.goBack();
  await expect(heading(app, 'Verify ABHA')).toBeVisible();
  await app.goForward();
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
});

test('a screen opens with the caret in its first field, and its name is announced for screen readers', { tag: '@real-window' }, async ({ app }) => {
  await app.keyboard.press('Alt+Digit2');
  await app.keyboard.type('2345');
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('2345');
  await expect(app.getByRole('main')).toHaveAccessibleName('Enrol');
  await expect(app.getByTestId('screen-announcement')).toHaveText('Enrol');
  await expect(app.getByTestId('screen-announcement')).toHaveAttribute('aria-live', 'polite');

  await app.keyboard.press('Alt+Digit3');
  await expect(app.getByLabel('ABHA number, ABHA address or mobile')).toBeFocused();
  await expect(app.getByTestId('screen-announcement')).toHaveText('Verify ABHA');
  // Today's first field is its search: a name typed at once finds the patient of the day.
  await app.keyboard.press('Alt+Digit1');
  await expect(app.getByLabel('Search the day')).toBeFocused();
  await expect(app.getByTestId('screen-announcement')).toHaveText('Today');

  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await app.keyboard.press('Alt+Digit2');
  await expect(app.getByLabel('आधार नंबर')).toBeFocused();
  await expect(app.getByTestId('screen-announcement')).toHaveText('नामांकन');
});

test('each new enrolment step puts the caret in its field', { tag: '@real-window' }, async ({ app }) => {
  await startEnrolment(app, TRAINING_IDENTITIES.newResident.aadhaar);
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
  await app.keyboard.type('123456');
  await app.getByLabel('Mobile number for the ABHA').fill(TRAINING_IDENTITIES.newResident.aadhaarMobile);
  await app.keyboard.press('Enter');
  const address = app.getByLabel('ABHA address (optional)');
  const mobileOtp = app.getByLabel('OTP (6 digits)');
  await expect(address.or(mobileOtp)).toBeFocused();
});

test('Back from Settings with unsaved edits: Stay keeps Settings where it was in the history, so Back asks again', async ({ app }) => {
  await openEnrol(app);
  await app.keyboard.press('Alt+Digit6');
  await app.getByLabel('Clinic name').fill('Shanti Nursing Home');
  const leave = app.getByRole('dialog', { name: 'Save your changes to Settings?' });
  await app.goBack({ waitUntil: 'commit' }).catch(() => undefined);
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(heading(app, 'Settings')).toBeVisible();
  await expect(app.getByLabel('Clinic name')).toHaveValue('Shanti Nursing Home');
  // Settings' entry is current again: Back asks again and, with the edits dropped, lands on Enrol (not Today).
  await app.goBack({ waitUntil: 'commit' }).catch(() => undefined);
  await leave.getByRole('button', { name: 'Discard changes' }).click();
  await expect(heading(app, 'Enrol')).toBeVisible();
  await app.goForward();
  await expect(heading(app, 'Settings')).toBeVisible();
  await expect(app.getByLabel('Clinic name')).not.toHaveValue('Shanti Nursing Home');
});

test('the patient bar stays in sight right under the TRAINING banner while a long screen scrolls', { tag: '@real-window' }, async ({ app }) => {
  await openVerify(app);
  await app.getByLabel('ABHA number, ABHA address or mobile').fill('asha.verma@sbx');
  await app.getByRole('button', { name: 'Send OTP' }).click();
  await enterOtp(app);
  await expect(app.getByTestId('patient-name')).toHaveText('Asha Devi Verma');
  // Room to scroll at any window size, as on a long screen (Today's day log, Records).
  await app.getByRole('main').evaluate((main: HTMLElement) => (main.style.minHeight = '4000px'));
  const banner = app.getByTestId('training-banner');
  const bar = app.getByTestId('patient-bar');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 800, height: 600 },
  ]) {
    await app.setViewportSize(size);
    await app.evaluate(() => window.scrollTo(0, 0));
    await app.mouse.wheel(0, 2000);
    await expect.poll(() => app.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const top = (await banner.boundingBox())!;
    const held = (await bar.boundingBox())!;
    expect(top.y).toBe(0);
    // Right under the banner: neither under it nor with a gap the page shows through.
    expect(Math.abs(held.y - (top.y + top.height))).toBeLessThanOrEqual(1);
    await expect(bar.getByRole('button', { name: 'Close patient' })).toBeInViewport();
    // Nothing covers it: the element at its centre belongs to the bar.
    const onTop = await app.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid]')?.getAttribute('data-testid'),
      [held.x + held.width / 2, held.y + held.height / 2],
    );
    expect(onTop).toBe('patient-bar');
  }
});
