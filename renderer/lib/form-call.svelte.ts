// One form's round trip to main: pending while it runs, then either the value or what went wrong.
// INVALID_INPUT names its fields; where the form has the field its words go next to it, otherwise (and for
// every other failure) the whole error goes in the form's alert box. Problems are kept as codes and worded
// when shown, so switching the language rewords them.
import type { AppError, FieldIssue, Result } from './api';
import { tfields } from './app-state.svelte';
import type { FieldIssueCode } from '../../electron/shared/errors';

export type FieldErrors = Record<string, string>;

export class FormCall {
  pending = $state(false);
  alert: AppError | undefined = $state();
  private issues: Record<string, FieldIssue> = $state({});

  constructor(private readonly fieldNames: readonly string[]) {}

  /** Each field's problem in the current language. */
  get fields(): FieldErrors {
    return tfields(Object.values(this.issues));
  }

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
  refuse(problems: Record<string, FieldIssueCode | undefined>): boolean {
    this.alert = undefined;
    const found = Object.entries(problems).filter((entry): entry is [string, FieldIssueCode] => entry[1] !== undefined);
    this.issues = Object.fromEntries(found.map(([path, code]) => [path, { path, code }]));
    return found.length > 0;
  }

  /**
   * The operator changed a field: its problem no longer applies, nor an alert about that field (`alertCodes`), so
   * neither stays on screen beside a value it was not about.
   */
  edited(path: string, alertCodes: readonly AppError['code'][] = []): void {
    if (path in this.issues) this.issues = Object.fromEntries(Object.entries(this.issues).filter(([name]) => name !== path));
    if (this.alert && alertCodes.includes(this.alert.code)) this.alert = undefined;
  }

  clear(): void {
    this.alert = undefined;
    this.issues = {};
  }

  private fail(error: AppError): void {
    const named = (error.code === 'INVALID_INPUT' ? (error.fields ?? []) : []).filter((issue) => this.fieldNames.includes(issue.path));
    this.issues = Object.fromEntries(named.map((issue) => [issue.path, issue]));
    this.alert = named.length > 0 ? undefined : error;
  }
}
