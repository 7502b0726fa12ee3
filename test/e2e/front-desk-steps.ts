// What a front-desk operator does, step by step, shared by the front-desk specs. Everything goes through
// the screen the way a person would: labels, buttons and the keyboard.
import type { Page } from '@playwright/test';
import { expect } from './web-mode';

export const OTP = '123456';

export async function openEnrol(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enrol' })).toBeVisible();
}

export async function openVerify(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Verify ABHA' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify ABHA' })).toBeVisible();
}

/** Types the Aadhaar number key by key, ticks the consent and sends the OTP. */
export async function startEnrolment(page: Page, aadhaar: string): Promise<void> {
  await openEnrol(page);
  await page.getByLabel('Aadhaar number').pressSequentially(aadhaar);
  await page.getByLabel('The patient has heard this and agrees').check();
  await page.getByRole('button', { name: 'Send OTP to the Aadhaar-linked mobile' }).click();
}

export async function enterOtp(page: Page, otp = OTP): Promise<void> {
  await page.getByLabel('OTP (6 digits)').fill(otp);
  await page.getByLabel('OTP (6 digits)').press('Enter');
}

/** The Aadhaar OTP with the mobile for the ABHA typed beside it, as the Enrol screen asks for both. */
export async function enterAadhaarOtp(page: Page, mobile: string, otp = OTP): Promise<void> {
  await page.getByLabel('OTP (6 digits)').fill(otp);
  await page.getByLabel('Mobile number for the ABHA').fill(mobile);
  await page.getByLabel('Mobile number for the ABHA').press('Enter');
}

/**
 * From a fresh Enrol screen to the result, with a given mobile and optional ABHA address. A mobile OTP is
 * entered only when the screen asks for one (ABHA v3 skips it for the Aadhaar-linked mobile), and an
 * Aadhaar that already has an ABHA may be answered at once.
 */
export async function enrol(page: Page, aadhaar: string, mobile: string, abhaAddress = ''): Promise<void> {
  await startEnrolment(page, aadhaar);
  await enterAadhaarOtp(page, mobile);
  const mobileOtp = page.getByText(/An OTP was sent to XXXXXX\d{4}/);
  const address = page.getByLabel('ABHA address (optional)');
  const done = page.getByRole('heading', { level: 2, name: /ABHA created|already has an ABHA/ });
  await expect(mobileOtp.or(address).or(done)).toBeVisible();
  if (await done.isVisible()) return;
  if (await mobileOtp.isVisible()) await enterOtp(page);
  await address.fill(abhaAddress);
  await page.getByRole('button', { name: 'Create ABHA' }).click();
}

/** Verify ABHA by number or address and OTP; ends on the Patient screen. */
export async function verify(page: Page, abha: string): Promise<void> {
  await openVerify(page);
  await page.getByLabel('ABHA number, ABHA address or mobile').fill(abha);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await enterOtp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient' })).toBeVisible();
}
