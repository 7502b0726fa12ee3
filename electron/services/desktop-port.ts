// What the services need from the desktop: a save dialog and a printer. Electron provides them in
// platform/desktop.ts; web mode and tests use a folder (folder-desktop.ts), so the services stay plain Node.
import type { PrintGeometry } from '../cards/print-layout';

export type CardFileFormat = 'pdf' | 'png' | 'svg';

export interface PrintJob {
  title: string;
  html: string;
  geometry: PrintGeometry;
}

export interface DesktopPort {
  /** Asks where to save; null when the operator cancels. */
  chooseSavePath(suggestedName: string, format: CardFileFormat): Promise<string | null>;
  /** Shows the system print dialog; `printed` is false when the operator cancels. */
  print(job: PrintJob): Promise<{ printed: boolean; savedTo?: string }>;
}
