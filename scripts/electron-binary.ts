// Whether the Electron binary is installed. The npm package installs without it, and here it cannot be
// downloaded, so `npm start` and the Electron tests check first instead of triggering a download.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ElectronBinary {
  present: boolean;
  path: string | null;
  reason: string;
}

export function findElectronBinary(root = process.cwd()): ElectronBinary {
  const pkg = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(pkg, 'path.txt');
  if (!existsSync(pathFile)) {
    return { present: false, path: null, reason: 'the Electron binary is not installed (the electron package downloads it on first use, which needs access to its download host)' };
  }
  const binary = path.join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary)
    ? { present: true, path: binary, reason: '' }
    : { present: false, path: null, reason: `Electron binary missing at ${binary}` };
}

// `tsx scripts/electron-binary.ts` prints the one-line status the test command shows before the launch tests.
if (import.meta.url === `file://${process.argv[1]}`) {
  const binary = findElectronBinary();
  console.log(binary.present ? `Electron binary: ${binary.path}` : `Electron launch tests will skip: ${binary.reason}.`);
}
