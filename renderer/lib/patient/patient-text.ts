// How patient fields read on screen.
import { t } from '../app-state.svelte';

/** ABDM's gender codes M, F, O and U; anything else is shown as given. */
export function genderLabel(code: string): string {
  switch (code) {
    case 'M':
      return t('gender.M');
    case 'F':
      return t('gender.F');
    case 'O':
      return t('gender.O');
    case 'U':
      return t('gender.U');
    default:
      return code;
  }
}
