// The screens of the design, in navigation order, and the Alt+<digit> that opens each one. The digits are the
// screens' own, not their places: a clerk's fingers know Alt+2 for Enrol, so a screen added later (the Counter, right
// after Today in the list) takes the next free digit instead of moving the others.
import type { StringKey } from './i18n';

export const screenIds = ['today', 'counter', 'enrol', 'verify', 'patient', 'records', 'settings'] as const;
export type ScreenId = (typeof screenIds)[number];

const SHORTCUT_DIGITS: Readonly<Record<ScreenId, number>> = { today: 1, enrol: 2, verify: 3, patient: 4, records: 5, settings: 6, counter: 7 };

export function screenLabel(id: ScreenId): StringKey {
  return `nav.${id}`;
}

export function screenAbout(id: ScreenId): StringKey {
  return `screen.${id}.about`;
}

/** The digit of the screen's Alt shortcut. */
export function shortcutDigit(id: ScreenId): number {
  return SHORTCUT_DIGITS[id];
}

/** Alt+1 … Alt+7, whatever keyboard layout produced the digit. */
export function screenForShortcut(event: KeyboardEvent): ScreenId | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  const digit = Number(/^Digit([1-9])$/.exec(event.code)?.[1]);
  return screenIds.find((id) => SHORTCUT_DIGITS[id] === digit);
}
