// What the desk says after printing or saving something (a card, a record, a file), from main's outcome.
import { t, tf } from './app-state.svelte';

export function printedText(outcome: { printed: boolean; savedTo?: string }): string {
  if (!outcome.printed) return t('print.cancelled');
  return outcome.savedTo ? tf('print.savedTo', { path: outcome.savedTo }) : t('print.sent');
}

export function savedText(outcome: { saved: boolean; path?: string }): string {
  return outcome.saved && outcome.path ? tf('card.savedTo', { path: outcome.path }) : t('card.saveCancelled');
}
