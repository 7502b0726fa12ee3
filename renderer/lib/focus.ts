// Keyboard-first forms: a step that appears puts the caret in its first field, and a refused form
// puts it in the first field that needs fixing.
import { tick } from 'svelte';

const FIELDS = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** An attachment for a step's <form>. */
export function focusFirstField(form: HTMLElement): void {
  form.querySelector<HTMLElement>(FIELDS)?.focus();
}

export async function focusFirstInvalid(form: HTMLElement | undefined): Promise<void> {
  await tick();
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
