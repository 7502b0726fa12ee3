// `npm start`: launch the built app in Electron. The electron npm package fetches its binary on first use;
// try that once, and where it cannot be fetched (as on the project's build machines) say so and what to use.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { findElectronBinary } from './electron-binary';

let electron = findElectronBinary();
if (!electron.present && !process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log('Fetching the Electron binary (first start only)…');
  spawnSync(process.execPath, [path.join('node_modules', 'electron', 'install.js')], { stdio: 'inherit', timeout: 300_000 });
  electron = findElectronBinary();
}
if (!electron.present || !electron.path) {
  console.error(`ABHA Desk cannot start in Electron: ${electron.reason}.\nRun it in a browser instead: npm run web`);
  process.exit(1);
}
const child = spawn(electron.path, ['.'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
