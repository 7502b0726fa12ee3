// The one place the contract is bound to Electron IPC: every call goes through the app core's dispatcher,
// and only from our own page; main's events go to the window.
import { ipcMain, type BrowserWindow } from 'electron';
import type { AppCore } from '../app-core';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../ipc/transport-names';
import { isAppUrl } from './app-protocol';

export function registerIpc(core: AppCore, window: () => BrowserWindow | null): void {
  ipcMain.handle(INVOKE_CHANNEL, (event, channel: unknown, input: unknown) => {
    if (!isAppUrl(event.senderFrame?.url ?? '')) {
      return { ok: false, error: { code: 'FORBIDDEN', message: 'Only ABHA Desk’s own window may call it.' } };
    }
    return core.dispatch(channel, input);
  });
  core.events.attach((name, payload) => window()?.webContents.send(EVENT_CHANNEL, name, payload));
}
