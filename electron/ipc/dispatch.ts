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

// Every channel name is "area.action" and short; anything else is refused before it is looked at further.
const CHANNEL_NAME = /^[a-z]+\.[a-zA-Z]+$/;
const MAX_CHANNEL_NAME = 64;
// A refusal quotes at most this much of what it was sent, so an attacker cannot make the answer huge.
const QUOTE_LIMIT = 40;

export function createDispatcher(handlers: Handlers, logError: ErrorLogger = () => {}): Dispatch {
  return async (channel, input) => {
    const unknown = unknownChannel(channel);
    if (unknown) return fail('UNKNOWN_CHANNEL', unknown);
    const name = channel as ChannelName;
    try {
      const parsed = contract[name].input.safeParse(input);
      if (!parsed.success) return fail('INVALID_INPUT', describeIssues(name, parsed.error));
      const handler = handlers[name] as (input: unknown) => unknown;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof AppFailure) return fail(error.code, error.message, error.abdmCode);
      // Also what validation itself throws (a stack overflow on absurd nesting): logged, never echoed.
      logError(name, error);
      return fail('INTERNAL', 'Something went wrong inside ABHA Desk. Nothing was sent; please try again.');
    }
  };
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Why `channel` names no channel, judged by its type and length before its content is read; null when it names one. */
function unknownChannel(channel: unknown): string | null {
  if (typeof channel !== 'string') return `A channel name is text, not ${kindOf(channel)}.`;
  if (channel.length <= MAX_CHANNEL_NAME && CHANNEL_NAME.test(channel) && Object.hasOwn(contract, channel)) return null;
  const quoted = channel.length > QUOTE_LIMIT ? `${channel.slice(0, QUOTE_LIMIT)}…" (${channel.length} characters)` : `${channel}"`;
  return `There is no channel named "${quoted.replace(/[^\x20-\x7e…]/g, '?')}.`;
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
