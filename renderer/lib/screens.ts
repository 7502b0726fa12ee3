// The screens of the design, in navigation order; Alt+<position> opens each one.
import type { StringKey } from './i18n';

export const screenIds = ['today', 'enrol', 'verify', 'patient', 'records', 'settings'] as const;
export type ScreenId = (typeof screenIds)[number];

export function screenLabel(id: ScreenId): StringKey {
  return `nav.${id}`;
}

export function screenAbout(id: ScreenId): StringKey {
  return `screen.${id}.about`;
}

/** Alt+1 … Alt+6, whatever keyboard layout produced the digit. */
export function screenForShortcut(event: KeyboardEvent): ScreenId | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  const digit = /^Digit([1-9])$/.exec(event.code)?.[1];
  return digit ? screenIds[Number(digit) - 1] : undefined;
}
