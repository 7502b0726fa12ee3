// The Electron side of the desktop port: binds the seam of services/desktop/dialog-desktop.ts (where the logic and its unit
// tests are) to Electron's save dialog and a hidden, sandboxed window that prints.
import { BrowserWindow, dialog } from 'electron';
import { dialogDesktop, type DesktopSeam, type PrintWindow } from '../services/desktop/dialog-desktop';
import type { DesktopPort } from '../services/desktop/desktop-port';

export function electronDesktop(parent: () => BrowserWindow | null): DesktopPort {
  const seam: DesktopSeam = {
    showSaveDialog(options) {
      const owner = parent();
      return owner ? dialog.showSaveDialog(owner, options) : dialog.showSaveDialog(options);
    },
    openPrintWindow: hiddenPrintWindow,
  };
  return dialogDesktop(seam);
}

/** No scripts: the print page is markup and a data: image, and nothing else may run in it. */
function hiddenPrintWindow(): PrintWindow {
  const win = new BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
  });
  return {
    loadURL: (url) => win.loadURL(url),
    print: (options, callback) => win.webContents.print(options, callback),
    destroy: () => win.destroy(),
  };
}
