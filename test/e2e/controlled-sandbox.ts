// Web mode whose training target is a sandbox the test controls: its faults and its clock.
import { endpointsOf } from '../../electron/training/simulator';
import { manualClock, startSandbox, type ManualClock, type RunningSandbox } from '../../sandbox/index';
import { test as base } from './web-mode';

/** The sandbox and main both follow `clock`, as a desk and ABDM share one time (ABHA v3 refuses a TIMESTAMP far from its own). */
export const test = base.extend<{ clock: ManualClock; sandbox: RunningSandbox }>({
  // Ten in the morning of today, not the moment the test starts: tests move the clock on by up to an hour (a session
  // ending), and one started at 23:30 crossed midnight, where the card held for the day is rightly gone.
  // eslint-disable-next-line no-empty-pattern
  clock: async ({}, use) => use(manualClock(tenThisMorning())),
  sandbox: async ({ clock }, use) => {
    const sandbox = await startSandbox({ port: 0, clock });
    await use(sandbox);
    await sandbox.close();
  },
  webOptions: async ({ sandbox, clock }, use) => use({ training: async () => endpointsOf(sandbox), now: clock.now }),
});

function tenThisMorning(): number {
  const morning = new Date();
  morning.setHours(10, 0, 0, 0);
  return morning.getTime();
}
