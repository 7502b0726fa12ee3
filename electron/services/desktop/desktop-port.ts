// What the services need from the desktop: a place to save a file and a printer. Electron provides them in
// platform/desktop.ts (logic in dialog-desktop.ts); web mode hands files to the browser (web-mode/browser-desktop.ts);
// integration tests use a folder (folder-desktop.ts), so the services stay plain Node.
// A port that writes a file writes it itself (through files/write-private-file.ts: mode 0600, no links followed),
// because only the port knows whether the operator agreed to replace an existing file.
import type { PrintGeometry } from '../../cards/print-layout';

export type CardFileFormat = 'pdf' | 'png' | 'svg';
/** What the save dialog offers: a card format, or 'file' for anything else (an attachment, a CSV), saved byte for byte. */
export type SaveFormat = CardFileFormat | 'file';

export interface PrintJob {
  title: string;
  /** A self-contained page: no scripts, nothing remote (it is printed from a data: URL or a one-time URL). */
  html: string;
  /** Page size for the printer; A4 for anything that is not a card (`printGeometry('a4')`). */
  geometry: PrintGeometry;
  /**
   * The page's name without extension where it becomes a file (the folder desktop's `.html`, a browser's "Save as
   * PDF"): made by the app, never from the document's text. Without it: `print-<layout>`.
   */
  fileName?: string;
}

/** What a save did; the screen and the audit say exactly this. */
export interface SaveOutcome {
  /** False: the operator cancelled the save dialog. */
  saved: boolean;
  /** Written to this file: the one chosen in the save dialog (Electron), or one in the exports folder (tests). */
  path?: string;
  /** Handed to the browser as a download under this name (web mode); where it lands is the browser's business. */
  download?: string;
}

/** What a print did; the screen and the audit say exactly this. */
export interface PrintOutcome {
  /** The system print dialog reported the job sent (Electron), or the folder desktop wrote the page to `savedTo`. */
  printed: boolean;
  savedTo?: string;
  /** Web mode: the browser's print dialog was opened. A browser never says whether paper came out, so `printed` stays false. */
  dialogOpened?: boolean;
}

export interface DesktopPort {
  /** Saves `data` where the operator chooses (suggesting `suggestedName`), or hands it to the browser as a download. */
  save(suggestedName: string, format: SaveFormat, data: Uint8Array): Promise<SaveOutcome>;
  /** Shows the system print dialog (or the browser's); `printed` is false when the operator cancels. */
  print(job: PrintJob): Promise<PrintOutcome>;
}
