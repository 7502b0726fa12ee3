// A screen with unsaved work (Settings' form) asks before the operator leaves it. The screen sets a guard while it
// has unsaved edits; navigation (renderer/lib/navigation.svelte.ts) asks canLeaveScreen() before it changes screen,
// whether by the nav bar, a shortcut or the browser's Back and Forward.

type LeaveGuard = () => Promise<boolean> | boolean;

let guard: LeaveGuard | null = null;

/** Sets (or, with null, removes) the guard of the open screen; a screen removes its own when it closes. */
export function setLeaveGuard(next: LeaveGuard | null): void {
  guard = next;
}

/** True when the open screen may be left: no guard, or its guard agreed (e.g. the operator chose to discard). */
export async function canLeaveScreen(): Promise<boolean> {
  return guard ? await guard() : true;
}
