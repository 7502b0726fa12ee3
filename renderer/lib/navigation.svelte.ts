// Which screen is open. Screens open each other (verify → patient, patient → verify again), so this is shared.
import { tick } from 'svelte';
import type { ScreenId } from './screens';

export const navigation = $state({ current: 'today' as ScreenId });

/** Opening a screen puts focus on its heading, so the keyboard continues from the top of it. */
export async function openScreen(id: ScreenId): Promise<void> {
  navigation.current = id;
  await tick();
  document.getElementById('screen-heading')?.focus();
}
