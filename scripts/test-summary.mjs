// Adds up the Vitest and Playwright JSON reports into the one closing line CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, stepStatus] = process.argv.slice(2);
let passed = 0, failed = 0, skipped = 0;

for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
// A step that failed without a report (type check, build) still counts as a failure.
if (stepStatus !== '0' && failed === 0) failed = 1;
if (!existsSync(dir)) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
