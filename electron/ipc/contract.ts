// Every IPC channel and pushed event, shared by main, preload and renderer.
// The renderer imports this file for types only; main validates inputs with the schemas.
import { z } from 'zod';
import { settingsPatchSchema, type Settings } from '../store/settings-schema';
import type { Result } from './result';

/** A channel: the zod schema its input must pass, and (as a type only) what it returns. */
interface Channel<I extends z.ZodType, O> {
  input: I;
  output?: O;
}
const takes = <I extends z.ZodType>(input: I) => ({
  returns: <O>(): Channel<I, O> => ({ input }),
});
const noInput = z.undefined();

export interface AppInfo {
  name: string;
  version: string;
  environment: Settings['environment'];
  dataFolder: string;
  keychain: 'available' | 'unavailable';
  transport: 'electron' | 'web';
}

export const contract = {
  'app.info': takes(noInput).returns<AppInfo>(),
  'settings.get': takes(noInput).returns<Settings>(),
  'settings.update': takes(settingsPatchSchema).returns<Settings>(),
};

/** Events pushed from main to the renderer, with their payload types. */
export interface EventPayloads {
  'settings.changed': Settings;
}
export const eventNames = ['settings.changed'] as const satisfies readonly (keyof EventPayloads)[];

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type EventName = keyof EventPayloads;
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = NonNullable<Contract[C]['output']>;
export const channelNames = Object.keys(contract) as ChannelName[];

type Area<C extends string> = C extends `${infer A}.${string}` ? A : never;
type Action<C extends string, A extends string> = C extends `${A}.${infer X}` ? X : never;
type Call<C extends ChannelName> = undefined extends InputOf<C>
  ? (input?: InputOf<C>) => Promise<Result<OutputOf<C>>>
  : (input: InputOf<C>) => Promise<Result<OutputOf<C>>>;

/** What the preload exposes as `window.abhaDesk`: `api.settings.update({...})`, `api.on('settings.changed', fn)`. */
export type AbhaDeskApi = {
  [A in Area<ChannelName>]: { [X in Action<ChannelName, A>]: Call<Extract<`${A}.${X}`, ChannelName>> };
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
};
