// The order Vitest starts test files in (vitest.config.ts, sequence.sequencer). Vitest starts the files that took
// longest last time first, from its results cache in node_modules/.vite; a fresh clone (CI) has no cache, so it
// falls back to the largest files first, and the longest files here are small ones that wait on timers, child
// processes, PostgreSQL and npm. They then ran last, and in CI's npm test Vitest's final 100 s ran beside no browser
// test with a core mostly idle (docs/performance.md, "npm test"). These go first, longest first, then Vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each file's time alone on the 2-core machine (2026-11-29, `vitest run`, two workers), longest first. */
export const SLOWEST_FILES = [
  'test/integration/hiu-answer-timeout.test.ts', // 56 s
  'test/integration/front-desk.test.ts', // 35 s
  'test/install/npm-ci-without-libsecret.test.ts', // 29 s
  'test/integration/hiu-page-crash.test.ts', // 29 s
  'test/relay/relay-crash.test.ts', // 25 s
  'test/integration/relay-counter.test.ts', // 21 s
  'test/unit/services/hiu/subscriptions.test.ts', // 20 s
  'test/unit/store/wal-checkpointer.test.ts', // 18 s
  'test/relay/relay-scale-out.test.ts', // 18 s
  'test/integration/hiu-consent-outcomes.test.ts', // 17 s
  'test/relay/relay-store.test.ts', // 15 s
  'test/integration/hiu-crash.test.ts', // 15 s
  'test/relay/relay-cli.test.ts', // 14 s
  'test/integration/hip-documents.test.ts', // 11 s
  'test/integration/front-desk-resume.test.ts', // 11 s
  'test/integration/hip-push-crash.test.ts', // 9 s
  'test/relay/relay-server.test.ts', // 9 s
];

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Vitest runs one project's files before the next project's; that order stays.
    const projectOrder = new Map<string, number>();
    for (const spec of sorted) if (!projectOrder.has(spec.project.name)) projectOrder.set(spec.project.name, projectOrder.size);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => projectOrder.get(a.spec.project.name)! - projectOrder.get(b.spec.project.name)! || rank(a.spec) - rank(b.spec) || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
