// The desktop port for integration tests (and hosts that pass no other): "save" writes into a folder, "print" writes
// the print page there as HTML, so both can be checked by opening the files. Web mode hands files to the browser
// instead (web-mode/browser-desktop.ts). Nobody is asked before a file is written here, so
// nothing is ever replaced: a name already taken gets " (2)", " (3)"... And the folder must be a real folder
// (0700), not a link to somewhere else.
import { chmod, lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writePrivateFile } from '../../files/write-private-file';
import { AppFailure } from '../../shared/errors';
import { safeFileName } from './file-names';
import type { DesktopPort, PrintJob } from './desktop-port';

/** More copies of one name than this is a mistake somewhere, not a busy front desk. */
const MAX_COPIES = 1000;

export function folderDesktop(folder: string): DesktopPort {
  return {
    async save(suggestedName, _format, data) {
      const file = await writeUnderFreeName(folder, safeFileName(path.basename(suggestedName)), data);
      return { saved: true, path: file };
    },
    async print(job: PrintJob) {
      // A second print of the same page becomes "… (2).html": writeUnderFreeName never replaces.
      const file = await writeUnderFreeName(folder, `${safeFileName(job.fileName ?? `print-${job.geometry.layout}`)}.html`, job.html);
      return { printed: true, savedTo: file };
    },
  };
}

/** Writes `data` as `name` in the folder, or as `name (2)`, `(3)`... when taken; returns the file written. */
async function writeUnderFreeName(folder: string, name: string, data: string | Uint8Array): Promise<string> {
  await prepareFolder(folder);
  const { name: stem, ext } = path.parse(name);
  for (let copy = 1; copy <= MAX_COPIES; copy++) {
    const file = path.join(folder, copy === 1 ? name : `${stem} (${copy})${ext}`);
    try {
      // O_EXCL: the name is claimed by creating the file, so a file (or link) that appears meanwhile is never replaced.
      await writePrivateFile(file, data, { replace: false });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new AppFailure('EXPORT_NAME_TAKEN', { params: { folder, name, count: MAX_COPIES } });
}

/** Creates the folder 0700, or checks the existing one is a real folder (not a link) and makes it 0700. */
async function prepareFolder(folder: string): Promise<void> {
  await mkdir(path.dirname(folder), { recursive: true });
  try {
    await mkdir(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stats = await lstat(folder);
  if (stats.isSymbolicLink()) {
    throw new AppFailure('EXPORT_FOLDER_UNSAFE', { params: { folder, problem: 'link' } });
  }
  if (!stats.isDirectory()) {
    throw new AppFailure('EXPORT_FOLDER_UNSAFE', { params: { folder, problem: 'not-a-folder' } });
  }
  // An older version created it with the default mode (0755); tighten it. Windows has no such mode bits.
  if (process.platform !== 'win32' && (stats.mode & 0o777) !== 0o700) await chmod(folder, 0o700);
}
