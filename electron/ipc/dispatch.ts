// Turns (channel, unknown input) into a Result: validates with the contract's schema,
// runs the handler, and maps every failure to a plain error. Nothing is thrown across IPC.
import type { z } from 'zod';
import { contract, type ChannelName, type OutputOf, type ParsedInputOf } from './contract';
import { AppFailure, type Result } from './result';

export type Handlers = {
  [C in ChannelName]: (input: ParsedInputOf<C>) => Promise<OutputOf<C>> | OutputOf<C>;
};
export type Dispatch = (channel: unknown, input: unknown) => Promise<Result<unknown>>;
export type ErrorLogger = (channel: string, error: unknown) => void;

export function createDispatcher(handlers: Handlers, logError: ErrorLogger = () => {}): Dispatch {
  return async (channel, input) => {
    if (typeof channel !== 'string' || !Object.hasOwn(contract, channel)) {
      return fail('UNKNOWN_CHANNEL', `There is no channel named ${JSON.stringify(channel)}.`);
    }
    const name = channel as ChannelName;
    const parsed = contract[name].input.safeParse(input);
    if (!parsed.success) return fail('INVALID_INPUT', describeIssues(name, parsed.error));
    try {
      const handler = handlers[name] as (input: unknown) => unknown;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof AppFailure) return fail(error.code, error.message, error.abdmCode);
      logError(name, error);
      return fail('INTERNAL', 'Something went wrong inside ABHA Desk. Nothing was sent; please try again.');
    }
  };
}

function fail(code: string, message: string, abdmCode?: string): Result<never> {
  return { ok: false, error: abdmCode ? { code, message, abdmCode } : { code, message } };
}

/** "settings.update: bridge.port: expected number, received string" — the field comes first. */
export function describeIssues(channel: string, error: z.ZodError): string {
  const parts = error.issues.map((issue) => {
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? issue.keys : [];
    const path = [...issue.path, ...(keys.length === 1 ? keys : [])].map(String).join('.');
    const message = issue.message.replace(/^Invalid input: /, '');
    return path ? `${path}: ${message}` : message;
  });
  return `${channel}: ${parts.join('; ')}`;
}
