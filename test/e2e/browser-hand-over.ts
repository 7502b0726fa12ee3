// Watching what web mode hands to the browser, as an operator would notice it: a download arriving (Playwright's
// download event, the file it saved), and the browser's print dialog being opened on the print page. A test cannot
// see Chromium's print dialog, so an init script (run by Playwright in every frame) notes each window.print() call
// with what the page being printed holds, then lets the browser's own print() run: headless Chromium returns at once.
// In a real window its print preview would hold the page until someone closed it, which no test can do, so there
// (`openDialog: false`) the call is noted and the preview not opened. Nothing of the app is stubbed.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';

/** What page.addInitScript gives back: dispose() takes the script off the page. */
export type InitScript = Awaited<ReturnType<Page['addInitScript']>>;

export interface PrintCall {
  /** The printed document's path (the one-time URL) and title. */
  path: string;
  title: string;
  /** The start of the card image's data: URL, or null when the page has no image. */
  image: string | null;
  /** The page's @page rule as the browser parsed it. */
  pageRule: string | null;
  /** Whether the document was inside a frame of the app's page (not the app's page itself). */
  framed: boolean;
}

declare global {
  interface Window {
    __printCalls?: PrintCall[];
    __printWatched?: boolean;
  }
}

/**
 * Call before the page opens the app. The web-mode fixture does, for every test, and disposes of it at the test's end
 * (the page is kept for the next test); a second call changes nothing.
 */
export async function watchPrinting(page: Page, opts: { openDialog: boolean } = { openDialog: true }): Promise<InitScript> {
  return page.addInitScript((openDialog: boolean) => {
    if (window.__printWatched) return;
    window.__printWatched = true;
    const print = window.print;
    window.print = function watchedPrint(this: Window) {
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
      const call = {
        path: location.pathname,
        title: document.title,
        image: document.querySelector('img')?.getAttribute('src')?.slice(0, 22) ?? null,
        pageRule: rules.find((rule) => rule instanceof CSSPageRule)?.cssText ?? null,
        framed: window !== window.top,
      };
      (window.top!.__printCalls ??= []).push(call);
      if (openDialog) print.call(this);
    };
  }, opts.openDialog);
}

export async function printCalls(page: Page): Promise<PrintCall[]> {
  return page.evaluate(() => window.__printCalls ?? []);
}

/** Clicks `button` and waits for the download it starts: its suggested name and the bytes the browser saved. */
export async function downloadFrom(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path), path };
}

/** "25-11-2026" for `at`, written out here by hand as the card prints dates (day-month-year). */
export function dayOnCard(at: Date): string {
  return [at.getDate(), at.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('-') + `-${at.getFullYear()}`;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
