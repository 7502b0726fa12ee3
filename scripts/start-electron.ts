// `npm start`: launch the built app in Electron, or say clearly why not and what to use instead.
import { spawn } from 'node:child_process';
import { findElectronBinary } from './electron-binary';

const electron = findElectronBinary();
if (!electron.present || !electron.path) {
  console.error(`ABHA Desk cannot start in Electron: ${electron.reason}.\nRun it in a browser instead: npm run web`);
  process.exit(1);
}
const child = spawn(electron.path, ['.'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
