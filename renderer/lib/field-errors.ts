// Main reports invalid input as "settings.update: bridge.port: expected number, received string; cmId: …".
// Splitting that back into fields lets each form control show its own message.
import type { AppError } from './api';

export type FieldErrors = Record<string, string>;

export function fieldErrors(error: AppError): FieldErrors {
  if (error.code !== 'INVALID_INPUT') return {};
  const afterChannel = error.message.replace(/^[\w-]+\.[\w-]+: /, '').replace(/^settings: /, '');
  const errors: FieldErrors = {};
  for (const part of afterChannel.split('; ')) {
    const match = /^([\w-]+(?:\.[\w-]+)*): (.+)$/.exec(part);
    if (match?.[1] && match[2]) errors[match[1]] ??= match[2];
  }
  return errors;
}
