// Every test gets its own web-mode server: a fresh data folder, the in-memory keychain and the
// real main-process handlers, exactly what `npm run web` runs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { startWebServer, type WebServer, type WebServerOptions } from '../../web-mode/server';
import { memorySecretDriver } from '../../electron/store/secrets/vault';
import { openConfSettings } from '../../electron/store/settings/settings';
import type { AbdmApi } from '../../electron/store/settings/settings-schema';
import { watchPrinting } from './browser-hand-over';

export interface WebModeFixtures {
  /** The app's data folder. Saved cards are browser downloads and prints the browser's print dialog (browser-hand-over.ts). */
  dataFolder: string;
  web: WebServer;
  /** The page opened at web mode's URL, with the app started. */
  app: Page;
}

export interface WebModeOptions {
  /** More startWebServer options, e.g. the training endpoints of a sandbox the test controls. */
  webOptions: Partial<Pick<WebServerOptions, 'training' | 'desktop' | 'secretDriver' | 'secretsFallback' | 'now'>>;
  /** Settings' "ABDM API" the desk starts on; playwright.config.ts runs the front-desk specs on each. */
  abdmApi: AbdmApi;
}

export const test = base.extend<WebModeFixtures & WebModeOptions>({
  webOptions: [{}, { option: true }],
  abdmApi: ['v1', { option: true }],
  dataFolder: async ({ abdmApi }, use) => {
    const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-e2e-'));
    // Chosen before the app opens its settings, as an operator's earlier choice would be.
    openConfSettings(dataFolder).update({ abdmApi });
    await use(dataFolder);
    rmSync(dataFolder, { recursive: true, force: true });
  },
  web: async ({ dataFolder, webOptions }, use) => {
    // A test's run is throwaway: without a keychain driver its secrets stay in memory unless it asks for the file.
    const { secretDriver = memorySecretDriver(), secretsFallback = 'memory', ...more } = webOptions;
    // Any free port: tests run side by side, and a desk may have its own bridge on the Settings port.
    const server = await startWebServer({ dataFolder, secretDriver, secretsFallback, bridgePort: 0, ...more });
    await use(server);
    await server.close();
  },
  app: async ({ page, web, headless }, use) => {
    // Notes each print() (browser-hand-over.ts). In a real window Chromium's print preview would hold the page until
    // someone closed it, and no test can, so there the call is noted and the dialog not opened.
    // The browser context and its page are kept for the next test (reuseContext in playwright.config.ts): what this
    // test adds to the page (the print watch, the listeners) is taken off again at its end.
    const printWatch = await watchPrinting(page, { openDialog: headless });
    const pageErrors: string[] = [];
    const onPageError = (error: Error) => pageErrors.push(error.message);
    const onConsole = (message: ConsoleMessage) => {
      // Chromium notes that a <meta> CSP cannot carry frame-ancestors; the header sends it, so that one is fine.
      if (message.type() === 'error' && !/frame-ancestors/.test(message.text())) pageErrors.push(message.text());
    };
    page.on('pageerror', onPageError);
    page.on('console', onConsole);
    await page.goto(web.url);
    await expect(page.getByTestId('app-version')).toBeVisible();
    await use(page);
    page.off('pageerror', onPageError);
    page.off('console', onConsole);
    await printWatch.dispose();
    // A CSP violation or an uncaught error is a bug even when the screen looks right.
    expect(pageErrors, 'errors in the page console').toEqual([]);
  },
});

export { expect };

/** Opens a screen the way an operator does with the keyboard. */
export async function openScreen(page: Page, position: number): Promise<void> {
  await page.keyboard.press(`Alt+Digit${position}`);
}

/** The admin PIN the E2E desks set the first time Settings asks for one (docs/operator-guide.md, "Settings that a clinic can trust"). */
export const ADMIN_PIN = '482916';

/** Answers Settings' "Set an admin PIN" (asked by the first change to a connection setting), as an administrator does. */
export async function setAdminPin(page: Page, pin = ADMIN_PIN): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Set an admin PIN' });
  await dialog.getByLabel('New admin PIN (6 to 12 digits)').fill(pin);
  await dialog.getByLabel('The same PIN again').fill(pin);
  await dialog.getByRole('button', { name: 'Set PIN and continue' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Unlocks the connection settings with the admin PIN, by the button above them. */
export async function unlockConnection(page: Page, pin = ADMIN_PIN): Promise<void> {
  await page.getByRole('button', { name: 'Unlock with admin PIN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock the connection settings' });
  await dialog.getByLabel('Admin PIN').fill(pin);
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}
