// What the desk shows for a failure, for tests that assert the words: main maps the error to a code
// (electron/services/call-abdm.ts, the IPC layer), and the renderer words the code (renderer/lib/error-text.ts).
import { toAppFailure } from '../../electron/services/call-abdm';
import { AppFailure, type AppError } from '../../electron/shared/errors';
import { errorText } from '../../renderer/lib/error-text';
import type { Language } from '../../renderer/lib/i18n';

/** An ABDM client error as the operator reads it, with ABDM's code kept for the detail line. */
export function explainAbdmError(error: unknown, lang: Language): { message: string; abdmCode?: string } {
  const failure = toAppFailure(error);
  if (!(failure instanceof AppFailure)) throw new Error(`not an ABDM failure: ${String(error)}`);
  return words(failure.toAppError(), lang);
}

/** An IPC failure as the operator reads it. */
export function words(error: AppError, lang: Language = 'en'): { message: string; abdmCode?: string } {
  return { message: errorText(error, lang), ...(error.abdmCode ? { abdmCode: error.abdmCode } : {}) };
}
