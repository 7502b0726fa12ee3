// Exposes exactly the contract's functions as window.abhaDesk, and nothing else.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildApi } from './ipc/api-shape';
import type { ChannelName, EventName } from './ipc/contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './ipc/transport-names';

// Filled in at bundle time from the real contract (scripts/build-main.ts), so the preload carries no schemas.
declare const __ABHA_DESK_CHANNELS__: ChannelName[];
declare const __ABHA_DESK_EVENTS__: EventName[];

const api = buildApi(
  __ABHA_DESK_CHANNELS__,
  __ABHA_DESK_EVENTS__,
  (channel, input) => ipcRenderer.invoke(INVOKE_CHANNEL, channel, input),
  (event, listener) => {
    const forward = (_e: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  },
);

contextBridge.exposeInMainWorld('abhaDesk', api);
