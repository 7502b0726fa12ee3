// Turns (channel, unknown input) into a Result: validates with the contract's schema,
// runs the handler, and maps every failure to a plain error. Nothing is thrown across IPC.
import { contract, type ChannelName, type OutputOf, type ParsedInputOf } from './contract';
import { AppFailure, type ErrorCode, type MessageParams, type Result } from '../shared/errors';
import { parseFields } from '../validation/field-issues';

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
    if (unknown) return fail('UNKNOWN_CHANNEL', { channel: unknown });
    const name = channel as ChannelName;
    try {
      const parsed = parseFields(contract[name].input, input);
      if (!parsed.ok) return { ok: false, error: { code: 'INVALID_INPUT', fields: parsed.fields } };
      const handler = handlers[name] as (input: unknown) => unknown;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof AppFailure) return { ok: false, error: error.toAppError() };
      // Also what validation itself throws (a stack overflow on absurd nesting): logged, never echoed.
      logError(name, error);
      return fail('INTERNAL');
    }
  };
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * How to quote `channel` in the refusal when it names no channel, judged by its type and length before its
 * content is read; null when it names one.
 */
function unknownChannel(channel: unknown): string | null {
  if (typeof channel !== 'string') return `(${kindOf(channel)})`;
  if (channel.length <= MAX_CHANNEL_NAME && CHANNEL_NAME.test(channel) && Object.hasOwn(contract, channel)) return null;
  const quoted = channel.length > QUOTE_LIMIT ? `${channel.slice(0, QUOTE_LIMIT)}… (${channel.length} characters)` : channel;
  return quoted.replace(/[^\x20-\x7e…]/g, '?');
}

function fail(code: ErrorCode, params?: MessageParams): Result<never> {
  return { ok: false, error: params ? { code, params } : { code } };
}
