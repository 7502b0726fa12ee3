// `npm test` runs every step with TMPDIR set to a folder of its own; afterwards this lists what was left in it.
// Anything but the tools' own caches is litter a test or the app under test forgot to remove (a data folder, a
// keychain, a PostgreSQL cluster), which would pile up in the temp directory of a developer's machine or a CI runner.
import { readdirSync } from 'node:fs';

// Compile caches that Node and Playwright keep in the temp directory on purpose, to reuse on the next run; and
// PulseAudio's client folder (pulse-<a hash of the machine id>), which Chromium's audio makes when the Counter screen
// plays its tone: one name per machine and user, reused by every later run, so it never piles up.
const CACHE_PATTERN = /^(node-compile-cache|playwright-transform-cache-\d+|tsx-\d+|pulse-[A-Za-z0-9]{12})$/;

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: node scripts/check-temp-clean.mjs <folder>');
  process.exit(2);
}
const left = readdirSync(folder).filter((name) => !CACHE_PATTERN.test(name));
if (left.length > 0) {
  console.log(`Left in the temp folder by the tests (${left.length}):`);
  for (const name of left.sort()) console.log(`  ${name}`);
  process.exit(1);
}
console.log('The tests left nothing in the temp folder.');
