// The desktop port for web mode and tests: "save" writes into a folder, "print" writes the print page there
// as HTML, so both can be checked by opening the files.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DesktopPort, PrintJob } from './desktop-port';

export function folderDesktop(folder: string): DesktopPort {
  return {
    async chooseSavePath(suggestedName) {
      mkdirSync(folder, { recursive: true });
      return path.join(folder, path.basename(suggestedName));
    },
    async print(job: PrintJob) {
      mkdirSync(folder, { recursive: true });
      const file = path.join(folder, `print-${job.geometry.layout}-${Date.now()}.html`);
      writeFileSync(file, job.html);
      return { printed: true, savedTo: file };
    },
  };
}
