// Enrolment at the front desk, in training: from the Aadhaar number to the ABHA card, and every refusal. Run on
// both ABDM API generations (playwright.config.ts): the screen is the same, ABDM's codes and steps differ.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { manualClock, TRAINING_IDENTITIES, INVALID_AADHAAR_EXAMPLE } from '../../sandbox/index';
import type { AbdmApi } from '../../electron/store/settings/settings-schema';
import { downloadFrom, printCalls } from './browser-hand-over';
import { enrol, enterAadhaarOtp, enterOtp, OTP, openEnrol, startEnrolment } from './front-desk-steps';
import { test as sandboxTest } from './controlled-sandbox';
import { expect, test } from './web-mode';

const ravi = TRAINING_IDENTITIES.newResident;
/** The first ABHA v3 call of a run makes the simulator's RSA key: slow on a loaded 2-core machine. */
const FIRST_ANSWER = { timeout: 20_000 };
/** ABDM's codes as each generation's notes give them (reference/spec/healthid-v1.md §5.2, abdm-v3.md §2). */
// ABHA v3 has no code of its own for an Aadhaar without a mobile (the sandbox answers 422 ABDM-9999,
// docs/sandbox-abha-v3.md): the desk tells it by the request and the answer together, and keeps ABDM's code.
const CODE: Record<AbdmApi, { wrongOtp: RegExp; noMobile: string; addressTaken: RegExp }> = {
  v1: { wrongOtp: /ABDM code: HIS-\d+/, noMobile: 'ABDM code: HIS-3005', addressTaken: /ABDM code: HIS-1015/ },
  v3: { wrongOtp: /ABDM code: ABDM-1204/, noMobile: 'ABDM code: ABDM-9999', addressTaken: /ABDM code: ABDM-\d+/ },
};

test('a first-time operator enrols a patient, then saves, previews and prints the card', { tag: ['@both-apis', '@real-window'] }, async ({ app, abdmApi }, testInfo) => {
  await expect(app.getByTestId('training-banner')).toBeVisible();
  await openEnrol(app);
  const aadhaar = app.getByLabel('Aadhaar number');
  await aadhaar.pressSequentially(ravi.aadhaar.slice(0, 6));
  await expect(aadhaar).toHaveValue('XX45 67');
  await aadhaar.pressSequentially(ravi.aadhaar.slice(6));
  await expect(aadhaar).toHaveValue('XXXX XXXX 0124');
  await expect(app.getByText(/heard this/)).toBeVisible();
  await app.getByLabel('The patient has heard this and agrees').press('Space');
  await app.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();

  await expect(app.getByRole('status').filter({ hasText: 'XXXX XXXX 0124' })).toBeVisible();
  await expect(app.getByTestId('otp-validity')).toHaveText(/Valid for (10:00|9:\d\d)/);
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
  await app.keyboard.type(OTP);
  // The mobile for the ABHA is asked beside the OTP; here it is the Aadhaar-linked one.
  await app.getByLabel('Mobile number for the ABHA').fill(ravi.aadhaarMobile);
  await app.keyboard.press('Enter');
  if (abdmApi === 'v1') {
    // Health ID v1 checks every mobile by OTP; ABHA v3 trusts the one Aadhaar already verified.
    await expect(app.getByRole('status').filter({ hasText: 'XXXXXX0001' })).toBeVisible();
    await app.keyboard.type(OTP);
    await app.keyboard.press('Enter');
  } else {
    await expect(app.getByRole('group', { name: /Suggested by ABDM/ }).getByRole('button').first()).toBeVisible();
  }

  await expect(app.getByLabel('ABHA address (optional)')).toBeFocused();
  await app.keyboard.type('ravi.sharma85');
  await app.keyboard.press('Enter');

  await expect(app.getByRole('heading', { name: 'ABHA created' })).toBeVisible();
  await app.getByRole('button', { name: 'Open the patient' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Patient' })).toBeFocused();
  await expect(app.getByTestId('patient-name')).toHaveText('Ravi Kumar Sharma');
  await expect(app.getByTestId('patient-abha-address')).toHaveText('ravi.sharma85@sbx');
  await expect(app.getByTestId('patient-gender')).toHaveText('Male');
  await expect(app.getByTestId('patient-dob')).toHaveText('12-03-1985');
  const abhaNumber = (await app.getByTestId('patient-abha-number').textContent()) ?? '';
  expect(abhaNumber).toMatch(/^\d{2}-\d{4}-\d{4}-\d{4}$/);
  const photo = app.getByRole('img', { name: 'Photo of Ravi Kumar Sharma' });
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const card = app.getByRole('img', { name: 'ABHA card of Ravi Kumar Sharma' });
  await expect(card).toBeVisible();
  expect(await card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);

  // In web mode a saved card is a browser download (browser-hand-over.ts).
  const { path: pngPath } = await downloadFrom(app, app.getByRole('button', { name: 'Save card as PNG' }));
  const png = PNG.sync.read(readFileSync(pngPath));
  expect(png.width).toBeGreaterThan(300);
  expect(png.width / png.height).toBeCloseTo(85.6 / 54, 1);

  const { path: pdfPath } = await downloadFrom(app, app.getByRole('button', { name: 'Save card as PDF' }));
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  if (abdmApi === 'v1') {
    // Health ID v1 renders the PDF itself, with a text layer.
    const pdfText = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain(abhaNumber);
  } else {
    // ABHA v3 renders one card image; the PDF is that image, whole, on a page of its size (poppler's pdfimages).
    // pdfkit keeps a PNG's alpha as a soft mask beside the picture.
    const images = execFileSync('pdfimages', ['-list', pdfPath], { encoding: 'utf8' }).trim().split('\n').slice(2).filter((line) => line.trim().split(/\s+/)[2] === 'image');
    expect(images).toHaveLength(1);
    const [, , , width, height] = images[0]!.trim().split(/\s+/);
    expect([Number(width), Number(height)]).toEqual([png.width, png.height]);
  }

  for (const layout of [
    { id: 'a4', button: 'Print preview: A4 sheet', page: 210 / 297 },
    { id: 'cr80', button: 'Print preview: CR80 card', page: 85.6 / 54 },
  ]) {
    await app.getByRole('button', { name: layout.button }).click();
    const preview = app.getByTestId(`print-preview-${layout.id}`);
    await expect(preview).toBeVisible();
    const sheet = (await preview.locator('svg').boundingBox())!;
    expect(sheet.width / sheet.height).toBeCloseTo(layout.page, 2);
    const cardBox = (await preview.getByTestId('print-card').boundingBox())!;
    expect(cardBox.width / cardBox.height).toBeCloseTo(85.6 / 54, 1);
    // The card is at true size relative to the page: 85.6 mm of the page's width.
    expect(cardBox.width / sheet.width).toBeCloseTo(85.6 / (layout.id === 'a4' ? 210 : 85.6), 2);
    const shot = testInfo.outputPath(`print-preview-${layout.id}.png`);
    await preview.screenshot({ path: shot });
    await testInfo.attach(`print preview ${layout.id}`, { path: shot, contentType: 'image/png' });
  }
  await app.getByRole('button', { name: 'Print on CR80 card' }).click();
  // The browser's print dialog opens on the print page at the card's size (browser-hand-over.ts notes the call).
  await expect(app.getByRole('status').filter({ hasText: 'Print dialog opened' })).toBeVisible();
  await expect.poll(async () => (await printCalls(app)).map((call) => call.pageRule)).toEqual([expect.stringContaining('size: 85.6mm 54mm')]);

  await app.keyboard.press('Alt+Digit1');
  await expect(app.getByTestId('count-enrolled')).toHaveText('1');
  const table = app.getByTestId('audit-table');
  await expect(table.locator('tr[data-action="enrolment.created"]')).toContainText(abhaNumber);
  await expect(table.locator('tr[data-action="enrolment.consent"]')).toContainText('Patient agreed to Aadhaar OTP');
  await expect(table.locator('tr[data-action="enrolment.consent"]')).toContainText(
    `Aadhaar XXXX XXXX ${ravi.aadhaar.slice(-4)} · consent text version 2, read in English`,
  );
  await expect(table.locator('tr[data-action="card.downloaded"]')).toHaveCount(2);
  await expect(table.locator('tr[data-action="card.print-dialog-opened"]')).toContainText('CR80 card');
  await expect(table).not.toContainText(ravi.aadhaar);
  const shot = testInfo.outputPath('today-after-enrolment.png');
  await app.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('Today after the enrolment', { path: shot, contentType: 'image/png' });
});

test('the Aadhaar field shows only the last four digits, and edits, pastes and reveals like a normal field', { tag: '@real-window' }, async ({ app }) => {
  await openEnrol(app);
  const aadhaar = app.getByLabel('Aadhaar number');
  await aadhaar.pressSequentially('2345678901249');
  await expect(aadhaar).toHaveValue('XXXX XXXX X124 9');
  await aadhaar.press('Backspace');
  await expect(aadhaar).toHaveValue('XXXX XXXX 0124');
  await aadhaar.pressSequentially('ab-');
  await expect(aadhaar).toHaveValue('XXXX XXXX 0124');
  await app.getByRole('button', { name: 'Show digits' }).click();
  await expect(aadhaar).toHaveValue('2345 6789 0124');
  await app.getByRole('button', { name: 'Hide digits' }).click();
  await aadhaar.press('ControlOrMeta+a');
  await aadhaar.press('Delete');
  await expect(aadhaar).toHaveValue('');
  // Pasted as printed on the card, with spaces.
  await aadhaar.evaluate((input: HTMLInputElement) => {
    const paste = new InputEvent('beforeinput', { inputType: 'insertFromPaste', data: '3456 7890 1238', cancelable: true, bubbles: true });
    input.dispatchEvent(paste);
  });
  await expect(aadhaar).toHaveValue('XXXX XXXX 1238');
  expect(await aadhaar.evaluate((input: HTMLInputElement) => input.outerHTML)).not.toMatch(/3456|7890/);
});

test('a mistyped Aadhaar number or a missing consent is refused before anything is sent', async ({ app }) => {
  const sent: string[] = [];
  app.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload))));
  await app.reload();
  await openEnrol(app);
  const aadhaar = app.getByLabel('Aadhaar number');
  await aadhaar.pressSequentially(INVALID_AADHAAR_EXAMPLE);
  await app.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();
  await expect(aadhaar).toHaveAttribute('aria-invalid', 'true');
  await expect(aadhaar).toHaveAccessibleDescription(/a digit may be mistyped/);
  await expect(aadhaar).toBeFocused();
  const consent = app.getByLabel('The patient has heard this and agrees');
  await expect(consent).toHaveAccessibleDescription(/no OTP is sent until the patient agrees/);
  await expect(aadhaar).toHaveValue('XXXX XXXX 0125');

  await aadhaar.press('Backspace');
  await aadhaar.press('4');
  // The corrected number no longer carries the mistyped one's error, before anything is sent again.
  await expect(aadhaar).not.toHaveAttribute('aria-invalid', 'true');
  await expect(app.getByText('This is not a valid Aadhaar number')).toHaveCount(0);
  await app.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();
  await expect(aadhaar).not.toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  expect(sent.filter((frame) => frame.includes('enrol.start'))).toEqual([]);

  await consent.check();
  // Ticking the consent answers its own refusal at once.
  await expect(consent).not.toHaveAttribute('aria-invalid', 'true');
  await app.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();
  await expect(app.getByLabel('OTP (6 digits)')).toBeVisible();
  expect(sent.filter((frame) => frame.includes('enrol.start'))).toHaveLength(1);
});

test('says when the Aadhaar already has an ABHA, which address it has, and that a typed one was not used', { tag: '@both-apis' }, async ({ app, abdmApi }) => {
  await enrol(app, TRAINING_IDENTITIES.existingAbha.aadhaar, '9812345670', 'asha.new');
  await expect(app.getByRole('heading', { name: 'This Aadhaar already has an ABHA' })).toBeVisible();
  await expect(app.getByText('ABDM returned the patient’s existing ABHA')).toBeVisible();
  if (abdmApi === 'v1') {
    // Health ID v1 answers only at the end, after the address was typed.
    await expect(app.getByTestId('unused-address')).toHaveText(
      'The address you typed, asha.new, was not used: the patient keeps the ABHA address they already have, asha.verma@sbx.',
    );
  } else {
    // ABHA v3 answers right after the Aadhaar OTP, before an address is asked for.
    await expect(app.getByRole('status').filter({ hasText: 'The patient’s ABHA address is asha.verma@sbx.' })).toBeVisible();
  }
  await expect(app.getByTestId('patient-abha-number')).toHaveText('91-4820-1736-5529');
  await app.getByRole('button', { name: 'Use the existing ABHA' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Patient' })).toBeVisible();
  await expect(app.getByTestId('patient-abha-address')).toHaveText('asha.verma@sbx');
  await expect(app.getByRole('img', { name: 'ABHA card of Asha Devi Verma' })).toBeVisible();

  await app.keyboard.press('Alt+Digit1');
  await expect(app.getByTestId('count-existing')).toHaveText('1');
  await expect(app.getByTestId('count-enrolled')).toHaveText('0');
});

test('an Aadhaar with no linked mobile: the patient must link one first, with ABDM’s code and no retry offered; the form keeps the number and consent', { tag: '@both-apis' }, async ({ app, abdmApi }) => {
  await startEnrolment(app, TRAINING_IDENTITIES.noMobile.aadhaar);
  const alert = app.getByRole('alert');
  await expect(alert).toHaveAttribute('data-error-code', 'AADHAAR_NO_MOBILE', FIRST_ANSWER);
  await expect(alert).toContainText('No mobile number is linked to this Aadhaar');
  await expect(alert).toContainText('the patient must first link a mobile number to their Aadhaar at an Aadhaar centre');
  await expect(alert).toContainText('Trying again will not help');
  await expect(alert).not.toContainText('unexpected problem');
  await expect(alert).toContainText(CODE[abdmApi].noMobile);
  await expect(alert.getByRole('button')).toHaveCount(0);
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('XXXX XXXX 2341');
  await expect(app.getByLabel('The patient has heard this and agrees')).toBeChecked();
  // Another number is another patient: the refusal of this one goes.
  await app.getByLabel('Aadhaar number').press('End');
  await app.getByLabel('Aadhaar number').press('Backspace');
  await expect(app.getByLabel('Aadhaar number')).toHaveValue('XXXX XXX1 234');
  await expect(alert).toHaveCount(0);
});

test('Enter in the Aadhaar box sends the OTP once the consent is ticked', { tag: '@real-window' }, async ({ app }) => {
  await openEnrol(app);
  await app.getByLabel('The patient has heard this and agrees').check();
  const aadhaar = app.getByLabel('Aadhaar number');
  await aadhaar.pressSequentially(ravi.aadhaar);
  await aadhaar.press('Enter');
  await expect(app.getByRole('status').filter({ hasText: 'XXXX XXXX 0124' })).toBeVisible(FIRST_ANSWER);
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
});

test('the OTP countdown reads as a time left, in Hindi too (not as a clock time)', async ({ app }) => {
  await startEnrolment(app, ravi.aadhaar);
  const validity = app.getByTestId('otp-validity');
  await expect(validity).toHaveText(/^Valid for (10:00|9:\d\d)$/, FIRST_ANSWER);
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  // "9 मिनट 28 सेकंड और मान्य": 9 minutes 28 seconds more; "9:28 तक मान्य" read as "valid until 9:28".
  await expect(validity).toHaveText(/^(10 मिनट 0|9 मिनट \d{1,2}) सेकंड और मान्य$/);
  await expect(app.getByRole('button', { name: /OTP दोबारा भेजें/ })).toHaveText(/^(1 मिनट 0|0 मिनट \d{1,2}) सेकंड में OTP दोबारा भेजें$/);
});

test('a wrong OTP is explained with the tries left and cleared for the next; the right one carries on', { tag: ['@both-apis', '@real-window'] }, async ({ app, abdmApi }) => {
  await startEnrolment(app, ravi.aadhaar);
  await enterAadhaarOtp(app, '9876500009', '000000');
  await expect(app.getByRole('alert')).toContainText('Wrong OTP. 4 tries left.');
  await expect(app.getByRole('alert')).toContainText(CODE[abdmApi].wrongOtp);
  // The wrong digits are of no use: the box is emptied and the caret is back in it, not in the mobile field.
  await expect(app.getByLabel('OTP (6 digits)')).toHaveValue('');
  await expect(app.getByLabel('OTP (6 digits)')).toBeFocused();
  await expect(app.getByLabel('Mobile number for the ABHA')).toHaveValue('9876500009');
  await enterAadhaarOtp(app, '9876500009', '12345');
  await expect(app.getByLabel('OTP (6 digits)')).toHaveAccessibleDescription(/The OTP has 6 digits/);
  await enterAadhaarOtp(app, '9876500009');
  // A mobile that is not the Aadhaar-linked one is checked by its own OTP on either API, with its own count.
  await expect(app.getByRole('status').filter({ hasText: 'XXXXXX0009' })).toBeVisible();
  await enterOtp(app, '999999');
  await expect(app.getByRole('alert')).toContainText('Wrong OTP. 4 tries left.');
  await enterOtp(app);
  await expect(app.getByLabel('ABHA address (optional)')).toBeVisible();
});

test('a mobile typed as people say it, with spaces, dashes or +91, is taken', async ({ app }) => {
  await startEnrolment(app, ravi.aadhaar);
  await enterAadhaarOtp(app, '+91 98300 00003');
  await expect(app.getByRole('status').filter({ hasText: 'An OTP was sent to XXXXXX0003' })).toBeVisible();
  await app.getByRole('button', { name: 'Change the mobile number' }).click();
  await app.getByLabel('Mobile number for the ABHA').fill('98765-00001');
  await app.getByLabel('Mobile number for the ABHA').press('Enter');
  await expect(app.getByRole('status').filter({ hasText: 'An OTP was sent to XXXXXX0001' })).toBeVisible();
});

// Main and the simulator share a clock fixed at 10:05 in India, so the time the lock ends is known: 22:05.
const tenPastTenIst = sandboxTest.extend({
  // eslint-disable-next-line no-empty-pattern
  clock: async ({}, use) => use(manualClock(Date.parse('2025-07-14T04:35:00.000Z'))),
});
tenPastTenIst.use({ timezoneId: 'Asia/Kolkata' });

tenPastTenIst('five wrong Aadhaar OTPs: the tries left, a warning at the last, then the box locked until the time shown, after a reload and in Hindi too', async ({ app }, testInfo) => {
  await startEnrolment(app, ravi.aadhaar);
  const alert = app.getByRole('alert');
  const otp = app.getByLabel('OTP (6 digits)');
  await enterAadhaarOtp(app, '9000000017', '000001');
  await expect(alert).toContainText('Wrong OTP. 4 tries left.');
  await enterAadhaarOtp(app, '9000000017', '000002');
  await expect(alert).toContainText('Wrong OTP. 3 tries left.');
  await enterAadhaarOtp(app, '9000000017', '000003');
  await expect(alert).toContainText('Wrong OTP. 2 tries left.');
  await enterAadhaarOtp(app, '9000000017', '000004');
  await expect(alert).toContainText('Wrong OTP. 1 try left: one more wrong OTP locks OTPs for this patient for 12 hours.');
  await app.screenshot({ path: testInfo.outputPath('enrol-last-try.png') });
  await enterAadhaarOtp(app, '9000000017', '000005');
  const locked = 'Too many wrong OTPs: ABDM has locked OTP verification for this patient. It can be tried again after 14-07-2025 22:05.';
  await expect(alert).toContainText(locked);
  await expect(otp).toBeDisabled();
  await expect(app.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();

  await app.reload();
  await expect(app.getByRole('alert')).toContainText(locked);
  await expect(otp).toBeDisabled();
  await expect(app.getByLabel('Mobile number for the ABHA')).toHaveValue('9000000017');
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(app.getByRole('alert')).toContainText('14-07-2025 22:05 के बाद फिर से कोशिश की जा सकती है');
  await app.screenshot({ path: testInfo.outputPath('enrol-locked-hi.png') });
});

test('a taken ABHA address is refused with ABDM’s code, says the enrolment is not finished, and can be changed without starting over', { tag: '@both-apis' }, async ({ app, abdmApi }) => {
  const priya = TRAINING_IDENTITIES.secondResident;
  await enrol(app, priya.aadhaar, priya.aadhaarMobile!, 'asha.verma');
  const alert = app.getByRole('alert');
  await expect(alert).toHaveAttribute('data-error-code', 'ABHA_ADDRESS_TAKEN');
  await expect(alert).toContainText(CODE[abdmApi].addressTaken);
  // It says plainly that the enrolment is not finished, never that nothing more may be needed.
  await expect(alert).toContainText('This ABHA address already belongs to someone else');
  await expect(alert).toContainText('the enrolment is not finished until you do');
  await expect(alert).not.toContainText('nothing more needs to be done');
  await app.getByRole('button', { name: 'Language: हिन्दी' }).click();
  await expect(alert).toContainText('यह ABHA पता पहले से किसी और का है');
  await expect(alert).toContainText('तब तक नामांकन पूरा नहीं होता');
  await app.getByRole('button', { name: 'भाषा: English' }).click();
  const address = app.getByLabel('ABHA address (optional)');
  await expect(address).toHaveValue('asha.verma');
  // Another address, picked from ABDM's suggestions (v3) or typed (v1 has none), is not the taken one.
  const suggestion = app.getByRole('group', { name: /Suggested by ABDM/ }).getByRole('button').first();
  if (abdmApi === 'v3') await suggestion.click();
  else await address.fill('priya.reddy25');
  await expect(alert).toHaveCount(0);
  await expect(address).not.toHaveValue('asha.verma');
  await address.fill('1priya');
  await app.getByRole('button', { name: 'Create ABHA' }).click();
  await expect(address).toHaveAccessibleDescription(/starts with a letter/);
  await address.fill('priya.reddy99');
  await app.getByRole('button', { name: 'Create ABHA' }).click();
  await expect(app.getByRole('heading', { name: 'ABHA created' })).toBeVisible();
  await expect(app.getByTestId('patient-abha-address')).toHaveText('priya.reddy99@sbx');
});

test('the OTP countdown allows a resend only after a minute, and main’s refusal is shown as given', async ({ app }) => {
  // Ten quiet minutes would close the patient on a desk with the idle close on; this desk has it off.
  expect(await app.evaluate(() => window.abhaDesk!.settings.update({ idleCloseMinutes: 0 }))).toMatchObject({ ok: true });
  await app.clock.install();
  await app.reload();
  // The page's clock stands still from here, so the countdown moves only when the test moves it (a busy machine's
  // real seconds would otherwise show 0:29 where 0:30 is due).
  await app.clock.pauseAt(Date.now() + 1_000);
  await startEnrolment(app, ravi.aadhaar);
  const resend = app.getByRole('button', { name: /Resend OTP/ });
  await expect(resend).toHaveText('Resend OTP in 1:00');
  await expect(resend).toBeDisabled();
  await app.clock.fastForward('00:30');
  await expect(resend).toHaveText('Resend OTP in 0:30');
  await app.clock.fastForward('00:31');
  await expect(resend).toHaveText('Resend OTP (2 left)');
  await app.getByLabel('OTP (6 digits)').fill('12');
  // Only the page's clock moved: main, on real time, still says it is too soon.
  await resend.click();
  await expect(app.getByRole('alert')).toHaveText(/Please wait \d+ seconds before asking for another OTP/);
  await expect(app.getByRole('alert')).toHaveAttribute('data-error-code', 'RESEND_TOO_SOON');
  await expect(app.getByLabel('OTP (6 digits)')).toHaveValue('12');
  await app.clock.fastForward('10:00');
  await expect(app.getByTestId('otp-validity')).toHaveText('This OTP has expired. Ask for a new one.');
});

test('changing the mobile number goes back one step and keeps what was typed', async ({ app }) => {
  await startEnrolment(app, ravi.aadhaar);
  await enterAadhaarOtp(app, '12345');
  await expect(app.getByLabel('Mobile number for the ABHA')).toHaveAccessibleDescription(/10 digits/);
  await expect(app.getByLabel('OTP (6 digits)')).toHaveValue(OTP);
  await enterAadhaarOtp(app, '9876500009');
  await expect(app.getByRole('status').filter({ hasText: 'XXXXXX0009' })).toBeVisible();
  await app.getByRole('button', { name: 'Change the mobile number' }).click();
  await expect(app.getByLabel('Mobile number for the ABHA')).toHaveValue('9876500009');
  await app.getByLabel('Mobile number for the ABHA').fill(ravi.aadhaarMobile);
  await app.getByLabel('Mobile number for the ABHA').press('Enter');
  await expect(app.getByRole('status').filter({ hasText: 'XXXXXX0001' })).toBeVisible();
  await enterOtp(app);
  await expect(app.getByLabel('ABHA address (optional)')).toBeVisible();
});
