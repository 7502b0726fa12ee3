// Exposes exactly the contract's functions as window.abhaDesk, and nothing else.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildApi } from './ipc/api-shape';
import { channelNames, eventNames, type EventName } from './ipc/contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './ipc/transport-names';

const api = buildApi(
  channelNames,
  eventNames,
  (channel, input) => ipcRenderer.invoke(INVOKE_CHANNEL, channel, input),
  (event: EventName, listener) => {
    const forward = (_e: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  },
);

contextBridge.exposeInMainWorld('abhaDesk', api);
