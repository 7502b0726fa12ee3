// What the services need from the desktop: a place to save a file and a printer. Electron provides them in
// platform/desktop.ts; web mode and tests use a folder (folder-desktop.ts), so the services stay plain Node.
// Each port writes the file itself (through files/write-private-file.ts: mode 0600, no links followed),
// because only the port knows whether the operator agreed to replace an existing file.
import type { PrintGeometry } from '../cards/print-layout';

export type CardFileFormat = 'pdf' | 'png' | 'svg';
/** What the save dialog offers: a card format, or 'file' for an attachment of any type (saved byte for byte). */
export type SaveFormat = CardFileFormat | 'file';

export interface PrintJob {
  title: string;
  html: string;
  geometry: PrintGeometry;
}

export interface DesktopPort {
  /** Saves `data` where the operator chooses (suggesting `suggestedName`); `saved` is false when they cancel. */
  save(suggestedName: string, format: SaveFormat, data: Uint8Array): Promise<{ saved: boolean; path?: string }>;
  /** Shows the system print dialog; `printed` is false when the operator cancels. */
  print(job: PrintJob): Promise<{ printed: boolean; savedTo?: string }>;
}
