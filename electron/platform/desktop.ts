// The Electron side of the desktop port: the system save dialog, and printing through a hidden window.
import { BrowserWindow, dialog } from 'electron';
import { writePrivateFile } from '../files/write-private-file';
import { AppFailure } from '../shared/errors';
import type { DesktopPort, PrintJob, SaveFormat } from '../services/desktop-port';

const FILTERS: Record<SaveFormat, Electron.FileFilter> = {
  pdf: { name: 'PDF document', extensions: ['pdf'] },
  png: { name: 'PNG image', extensions: ['png'] },
  svg: { name: 'SVG image', extensions: ['svg'] },
  file: { name: 'All files', extensions: ['*'] },
};

export function electronDesktop(parent: () => BrowserWindow | null): DesktopPort {
  return {
    async save(suggestedName, format, data) {
      const owner = parent();
      // The system dialog asks before replacing a file (Windows and macOS always do; Linux needs the property),
      // so the path it returns is one the operator agreed to replace.
      const options: Electron.SaveDialogOptions = {
        defaultPath: suggestedName,
        filters: [FILTERS[format]],
        properties: ['showOverwriteConfirmation'],
      };
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
      if (result.canceled || !result.filePath) return { saved: false };
      try {
        await writePrivateFile(result.filePath, data, { replace: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // O_NOFOLLOW refused a link at the chosen name (ELOOP; EMLINK on the BSDs).
        if (code === 'ELOOP' || code === 'EMLINK') {
          throw new AppFailure('SAVE_TARGET_UNSAFE', { params: { path: result.filePath } });
        }
        throw error;
      }
      return { saved: true, path: result.filePath };
    },
    print: printJob,
  };
}

/** Loads the self-contained print page in a hidden, sandboxed window and opens the system print dialog. */
async function printJob(job: PrintJob): Promise<{ printed: boolean }> {
  const win = new BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
  });
  try {
    await win.loadURL(`data:text/html;base64,${Buffer.from(job.html).toString('base64')}`);
    const micrometres = (mm: number) => Math.round(mm * 1000);
    return await new Promise((resolve) => {
      win.webContents.print(
        {
          silent: false,
          printBackground: true,
          margins: { marginType: 'none' },
          pageSize: { width: micrometres(job.geometry.pageWidthMm), height: micrometres(job.geometry.pageHeightMm) },
        },
        (success) => resolve({ printed: success }),
      );
    });
  } finally {
    win.destroy();
  }
}
