// Adds up the Vitest and Playwright JSON reports into the one closing line CI reads, after the ten slowest tests of
// the run (the ones to look at first when the suite gets slow).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, stepStatus] = process.argv.slice(2);
let passed = 0, failed = 0, skipped = 0;
/** Every test's time: [milliseconds, "where › name"]. */
const timed = [];

for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) timed.push([test.duration ?? 0, `${path.relative(process.cwd(), file.name)} › ${test.fullName ?? test.title}`]);
    }
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightTimes(suite, timed);
  }
}

/** Playwright nests suites (files, describes) around specs, each with a test per project and a result per try. */
function playwrightTimes(suite, into) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      into.push([ms, `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`]);
    }
  }
  for (const inner of suite.suites ?? []) playwrightTimes(inner, into);
}

if (timed.length > 0) {
  console.log('The ten slowest tests:');
  for (const [ms, name] of timed.sort((a, b) => b[0] - a[0]).slice(0, 10)) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}
// A step that failed without a report (type check, build) still counts as a failure.
if (stepStatus !== '0' && failed === 0) failed = 1;
if (!existsSync(dir)) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
