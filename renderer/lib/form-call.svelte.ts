// One form's round trip to main: pending while it runs, then either the value or what went wrong.
// INVALID_INPUT names a field; when the form has that field its message goes next to it, otherwise
// (and for every other failure) the whole error goes in the form's alert box.
import type { AppError, Result } from './api';
import { fieldErrors, type FieldErrors } from './field-errors';

export class FormCall {
  pending = $state(false);
  alert: AppError | undefined = $state();
  fields: FieldErrors = $state({});

  constructor(private readonly fieldNames: readonly string[]) {}

  /** Resolves with the value, or undefined after recording the failure. Nothing typed is cleared. */
  async run<T>(call: () => Promise<Result<T>>): Promise<T | undefined> {
    if (this.pending) return undefined;
    this.pending = true;
    this.clear();
    try {
      const result = await call();
      if (result.ok) return result.value;
      this.fail(result.error);
      return undefined;
    } finally {
      this.pending = false;
    }
  }

  /** The form's own checks, made before anything is sent. True when there is a problem to fix. */
  refuse(problems: FieldErrors): boolean {
    this.alert = undefined;
    this.fields = problems;
    return Object.keys(problems).length > 0;
  }

  clear(): void {
    this.alert = undefined;
    this.fields = {};
  }

  private fail(error: AppError): void {
    const named = Object.entries(fieldErrors(error)).filter(([field]) => this.fieldNames.includes(field));
    this.fields = Object.fromEntries(named);
    this.alert = named.length > 0 ? undefined : error;
  }
}
