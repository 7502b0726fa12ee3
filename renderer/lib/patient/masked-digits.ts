// Editing a number the field shows masked ("XXXX XXXX 1234"): the input never holds the digits, so every
// edit is worked out here from the shown text's selection and applied to the digits kept in memory.

export interface Edit {
  /** InputEvent.inputType, e.g. insertText, insertFromPaste, deleteContentBackward. */
  inputType: string;
  /** Typed or pasted text; null for deletions. */
  data: string | null;
  /** Selection in the shown text. */
  start: number;
  end: number;
}

export interface Edited {
  digits: string;
  /** Caret position, counted in digits. */
  caretDigit: number;
}

/** How many digits (masked or not) come before `position` in the shown text. */
export function digitsBefore(shown: string, position: number): number {
  return shown.slice(0, position).replace(/\s/g, '').length;
}

/** The position in the shown text just after the `count`-th digit. */
export function positionAfterDigits(shown: string, count: number): number {
  let seen = 0;
  for (let i = 0; i < shown.length; i += 1) {
    if (seen === count) return i;
    if (!/\s/.test(shown[i]!)) seen += 1;
  }
  return shown.length;
}

/**
 * The digits after the edit, or null when the edit is refused (letters, or more than `maxDigits`).
 * Spaces and dashes in pasted text are how people write the number, so they are dropped.
 */
export function applyEdit(digits: string, shown: string, edit: Edit, maxDigits: number): Edited | null {
  const from = digitsBefore(shown, Math.min(edit.start, edit.end));
  const to = digitsBefore(shown, Math.max(edit.start, edit.end));
  const collapsed = from === to;
  const replace = (a: number, b: number, text: string): Edited | null => {
    const next = digits.slice(0, a) + text + digits.slice(b);
    return next.length > maxDigits ? null : { digits: next, caretDigit: a + text.length };
  };
  if (edit.inputType.startsWith('insert')) {
    const text = (edit.data ?? '').replace(/[\s-]/g, '');
    if (!/^\d*$/.test(text)) return null;
    return replace(from, to, text);
  }
  if (!edit.inputType.startsWith('delete')) return null;
  if (!collapsed) return replace(from, to, '');
  if (edit.inputType === 'deleteContentBackward') return from === 0 ? null : replace(from - 1, from, '');
  if (edit.inputType === 'deleteContentForward') return replace(from, from + 1, '');
  // Word and line deletions: a number has no words, so they reach the start or the end.
  return edit.inputType.includes('Backward') ? replace(0, from, '') : replace(from, digits.length, '');
}
