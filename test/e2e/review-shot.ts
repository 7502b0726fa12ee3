// Screenshots kept for a person to look at after a run: test-results/shots/<project>/<name>.png (npm test empties
// test-results/ at its start, so they never pile up, and nothing is left in the temp directory).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, type Page } from '@playwright/test';

const SHOTS_FOLDER = fileURLToPath(new URL('../../test-results/shots', import.meta.url));

/** The whole page from its top (a whole-page capture of a scrolled page draws the sticky banner where the window was), or only what the window shows. */
export async function reviewShot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const fullPage = opts.fullPage ?? true;
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  // One folder per Playwright project: the headless and the real-window runs take the same screens.
  const file = path.join(SHOTS_FOLDER, test.info().project.name, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
}
