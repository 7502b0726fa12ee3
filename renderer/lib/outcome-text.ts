// What the desk says after printing or saving something (a card, a record, a file), from main's outcome: what
// actually happened (a file written, a download handed to the browser, a print dialog opened), never more.
import type { PrintOutcome, SaveOutcome } from '../../electron/ipc/contract';
import { t, tf } from './app-state.svelte';

export function printedText(outcome: PrintOutcome): string {
  // Web mode: the browser's dialog is open; whether paper comes out is between the operator and the printer.
  if (outcome.dialogOpened) return t('print.dialogOpened');
  if (!outcome.printed) return t('print.cancelled');
  return outcome.savedTo ? tf('print.savedTo', { path: outcome.savedTo }) : t('print.sent');
}

export function savedText(outcome: SaveOutcome): string {
  if (outcome.download) return tf('card.downloadStarted', { name: outcome.download });
  return outcome.saved && outcome.path ? tf('card.savedTo', { path: outcome.path }) : t('card.saveCancelled');
}
