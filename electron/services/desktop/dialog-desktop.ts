// The desktop port of the app (Electron): the system save dialog and the system print dialog. Plain Node: it takes
// the two Electron calls it needs through a seam (`DesktopSeam`), which electron/platform/desktop.ts binds to
// Electron's `dialog` and a hidden `BrowserWindow`, and the unit tests to fakes. The option and callback shapes are
// Electron's (dialog.showSaveDialog, webContents.print in electron.d.ts).
import { writePrivateFile } from '../../files/write-private-file';
import { AppFailure } from '../../shared/errors';
import type { DesktopPort, PrintJob, PrintOutcome, SaveFormat, SaveOutcome } from './desktop-port';

export interface FileFilter {
  name: string;
  extensions: string[];
}

/** The subset of Electron's SaveDialogOptions the desk uses. */
export interface SaveDialogOptions {
  defaultPath: string;
  filters: FileFilter[];
  properties: 'showOverwriteConfirmation'[];
}

/** The subset of Electron's WebContentsPrintOptions the desk uses; sizes in micrometres (Electron: "microns"). */
export interface PrintOptions {
  silent: false;
  printBackground: true;
  margins: { marginType: 'none' };
  pageSize: { width: number; height: number };
}

/** A hidden window that shows one page and prints it. */
export interface PrintWindow {
  loadURL(url: string): Promise<void>;
  /** Electron calls back `(success, failureReason)`; a cancelled dialog gives `failureReason` "Print job canceled". */
  print(options: PrintOptions, callback: (success: boolean, failureReason: string) => void): void;
  destroy(): void;
}

export interface DesktopSeam {
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  openPrintWindow(): PrintWindow;
}

const FILTERS: Record<SaveFormat, FileFilter> = {
  pdf: { name: 'PDF document', extensions: ['pdf'] },
  png: { name: 'PNG image', extensions: ['png'] },
  svg: { name: 'SVG image', extensions: ['svg'] },
  file: { name: 'All files', extensions: ['*'] },
};

/** Electron's failureReason when the operator closes the print dialog without printing. */
export const PRINT_CANCELLED_REASON = 'Print job canceled';
/** Electron's failureReason when the printer refused the page size or other settings. */
const INVALID_SETTINGS_REASON = 'Invalid printer settings';

export function dialogDesktop(seam: DesktopSeam): DesktopPort {
  return {
    save: (suggestedName, format, data) => saveWithDialog(seam, suggestedName, format, data),
    print: (job) => printInWindow(seam, job),
  };
}

export function saveDialogOptions(suggestedName: string, format: SaveFormat): SaveDialogOptions {
  // The system dialog asks before replacing a file (Windows and macOS always do; Linux needs the property), so the
  // path it returns is one the operator agreed to replace.
  return { defaultPath: suggestedName, filters: [FILTERS[format]], properties: ['showOverwriteConfirmation'] };
}

async function saveWithDialog(seam: DesktopSeam, suggestedName: string, format: SaveFormat, data: Uint8Array): Promise<SaveOutcome> {
  const answer = await seam.showSaveDialog(saveDialogOptions(suggestedName, format));
  if (answer.canceled || !answer.filePath) return { saved: false };
  try {
    await writePrivateFile(answer.filePath, data, { replace: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // O_NOFOLLOW refused a link at the chosen name (ELOOP; EMLINK on the BSDs).
    if (code === 'ELOOP' || code === 'EMLINK') throw new AppFailure('SAVE_TARGET_UNSAFE', { params: { path: answer.filePath } });
    throw error;
  }
  return { saved: true, path: answer.filePath };
}

export function printOptions(job: PrintJob): PrintOptions {
  const micrometres = (mm: number) => Math.round(mm * 1000);
  return {
    silent: false,
    printBackground: true,
    // The page carries its own geometry (@page, absolute millimetres); the printer adds nothing around it.
    margins: { marginType: 'none' },
    pageSize: { width: micrometres(job.geometry.pageWidthMm), height: micrometres(job.geometry.pageHeightMm) },
  };
}

/** Loads the self-contained print page in a hidden window, opens the system print dialog, and always closes the window. */
async function printInWindow(seam: DesktopSeam, job: PrintJob): Promise<PrintOutcome> {
  const window = seam.openPrintWindow();
  try {
    await window.loadURL(`data:text/html;base64,${Buffer.from(job.html).toString('base64')}`);
    const { success, failureReason } = await new Promise<{ success: boolean; failureReason: string }>((resolve) => {
      window.print(printOptions(job), (success, failureReason) => resolve({ success, failureReason }));
    });
    if (success) return { printed: true };
    if (failureReason === PRINT_CANCELLED_REASON) return { printed: false };
    // `detail` keeps Electron's English words for the log; the screen words `reason` in the desk's language.
    throw new AppFailure('PRINT_FAILED', { params: { reason: failureReason === INVALID_SETTINGS_REASON ? 'printer-settings' : 'failed', detail: failureReason } });
  } finally {
    window.destroy();
  }
}
