// The renderer's only door to main: `window.abhaDesk`, put there by the Electron preload or by the
// web-mode shim. Types only come from electron/, so the bundle carries no zod and no main-process code.
import type { AbhaDeskApi, AppInfo, InputOf, OutputOf } from '../../electron/ipc/contract';
import type { AppError, FieldIssue, Result } from '../../electron/shared/errors';

declare global {
  interface Window {
    abhaDesk?: AbhaDeskApi;
  }
}

export type { AbhaDeskApi, AppError, AppInfo, FieldIssue, Result };
export type Settings = OutputOf<'settings.get'>;
export type SettingsPatch = InputOf<'settings.update'>;
export type Environment = Settings['environment'];

/** Undefined only when the page was opened outside Electron and outside web mode. */
export function findApi(): AbhaDeskApi | undefined {
  return window.abhaDesk;
}
export type OtpSent = OutputOf<'enrol.start'>;
export type PatientView = OutputOf<'patient.profile'>;
export type EnrolmentResult = OutputOf<'enrol.create'>;
export type EnrolNext = OutputOf<'enrol.verifyAadhaarOtp'>;
export type VerifyOutcome = OutputOf<'verify.confirm'>;
export type AbhaChoice = Extract<VerifyOutcome, { choose: unknown }>['choose'][number];
export type PrintPreview = OutputOf<'card.printPreview'>;
export type PrintLayout = PrintPreview['layout'];
export type AuditEntry = OutputOf<'audit.list'>[number];
export type BridgeStatus = OutputOf<'bridge.status'>;
