// Which screen is open. Screens open each other (verify → patient, patient → verify again), so this is shared.
import { tick } from 'svelte';
import type { ScreenId } from './screens';

export const navigation = $state({
  current: 'today' as ScreenId,
  /** A shortcut pressed while the app was still starting: its heading takes focus once it is drawn. */
  focusPending: false,
});

/** Opening a screen puts focus on its heading, so the keyboard continues from the top of it. */
export async function openScreen(id: ScreenId): Promise<void> {
  navigation.current = id;
  await tick();
  focusHeading();
}

export function focusHeading(): void {
  const heading = document.getElementById('screen-heading');
  heading?.focus();
  navigation.focusPending = !heading;
}
