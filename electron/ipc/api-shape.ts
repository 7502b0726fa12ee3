// Builds the nested `window.abhaDesk` object from the flat channel list, for any transport.
// Kept free of zod and Node so the Electron preload and the web-mode shim can both bundle it.
import type { AbhaDeskApi, ChannelName, EventName } from './contract';

export type Invoke = (channel: ChannelName, input: unknown) => Promise<unknown>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

export function buildApi(
  channels: readonly ChannelName[],
  events: readonly EventName[],
  invoke: Invoke,
  subscribe: Subscribe,
): AbhaDeskApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const channel of channels) {
    const [area, action] = channel.split('.') as [string, string];
    api[area] ??= {};
    api[area][action] = (input?: unknown) => invoke(channel, input);
  }
  const on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!events.includes(event)) throw new Error(`Unknown event: ${String(event)}`);
    return subscribe(event, listener);
  };
  return Object.freeze({ ...api, on }) as unknown as AbhaDeskApi;
}
