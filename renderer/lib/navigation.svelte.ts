// Which screen is open. Screens open each other (verify → patient, patient → verify again), so this is shared.
// Each screen opened is an entry in the browser's history, so Back and Forward (Alt+Left/Right in Electron, see
// App.svelte) move between screens and a reload opens the screen that was open. An entry holds only a screen id
// and its place in the app's history: nothing typed, never an Aadhaar number.
import { tick } from 'svelte';
import { canLeaveScreen } from './leave-guard';
import { screenIds, type ScreenId } from './screens';

export const navigation = $state({
  current: 'today' as ScreenId,
  /** A shortcut pressed while the app was still starting: the screen takes focus once it is drawn. */
  focusPending: false,
  /** The id of a field the opener asked the caret to go to (Records → Settings' doctor), taken once it is drawn. */
  focusField: null as string | null,
});

interface HistoryEntry {
  screen: ScreenId;
  /** Its place in the app's history; 0 is the floor (see startNavigation). */
  index: number;
}

/** The place of the open screen in the app's history. */
let index = 0;

/**
 * Reads the screen to open from the history entry (a reload keeps it), or makes the app's first entries: a floor
 * under the first screen, so Back from the first screen lands on the floor and is sent forward again instead of
 * leaving the app for the page before it (a blank tab in a browser). Called once, before the first screen is drawn.
 */
export function startNavigation(): void {
  const entry = entryOf(history.state);
  if (entry && entry.index > 0) {
    navigation.current = entry.screen;
    index = entry.index;
  } else {
    // No URL is given: the address (and web mode's fragment, browser-shim.ts) stays as it is.
    history.replaceState({ screen: navigation.current, index: 0 } satisfies HistoryEntry, '');
    history.pushState({ screen: navigation.current, index: 1 } satisfies HistoryEntry, '');
    index = 1;
  }
  window.addEventListener('popstate', (event) => void onPopState(event));
}

/**
 * Opens a screen as a new history entry, once the open screen agrees to be left (leave-guard.ts); with `field`, the
 * caret goes to that field (by id) rather than the screen's first, once the screen is drawn (a lazily loaded screen
 * is drawn a moment later: LazyScreen.svelte).
 */
export async function openScreen(id: ScreenId, field: string | null = null): Promise<void> {
  if (id !== navigation.current) {
    if (!(await canLeaveScreen())) return;
    index += 1;
    history.pushState({ screen: id, index } satisfies HistoryEntry, '');
    navigation.current = id;
  }
  navigation.focusField = field;
  await tick();
  focusScreen();
}

async function onPopState(event: PopStateEvent): Promise<void> {
  const entry = entryOf(event.state);
  if (!entry) return;
  if (entry.index === 0) return history.go(1);
  if (entry.screen === navigation.current) {
    index = entry.index;
    return;
  }
  if (!(await canLeaveScreen())) {
    // The open screen stays: go back to its entry (that popstate finds the same screen and only moves the index).
    history.go(index - entry.index);
    return;
  }
  index = entry.index;
  navigation.current = entry.screen;
  await tick();
  focusScreen();
}

function entryOf(state: unknown): HistoryEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const { screen, index: at } = state as Partial<HistoryEntry>;
  return (screenIds as readonly unknown[]).includes(screen) && typeof at === 'number' ? { screen: screen!, index: at } : null;
}

const FIELD = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Where the keyboard continues on a screen just opened: the first field of its form, which the form's step put the
 * caret in as it was drawn (focus.ts focusFirstField), so typing goes there at once; on a screen without one
 * (Patient) the heading. Screen readers hear the screen's name either way (App.svelte's live region).
 */
export function focusScreen(): void {
  const asked = navigation.focusField === null ? null : document.getElementById(navigation.focusField);
  if (asked) {
    asked.focus();
    asked.scrollIntoView({ block: 'center' });
    navigation.focusField = null;
    navigation.focusPending = false;
    return;
  }
  const heading = document.getElementById('screen-heading');
  const active = document.activeElement;
  const inField = active instanceof HTMLElement && active.closest('main') !== null && active.matches(FIELD);
  if (!inField) heading?.focus();
  navigation.focusPending = !heading || navigation.focusField !== null;
}

