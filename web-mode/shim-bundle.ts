// Bundles browser-shim.ts for the page with esbuild, once per process.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { channelNames, eventNames } from '../electron/ipc/contract';

const entry = fileURLToPath(new URL('./browser-shim.ts', import.meta.url));
let bundled: Promise<string> | undefined;

export function bundleShim(): Promise<string> {
  bundled ??= build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    define: {
      __ABHA_DESK_CHANNELS__: JSON.stringify(channelNames),
      __ABHA_DESK_EVENTS__: JSON.stringify(eventNames),
    },
    logLevel: 'silent',
  }).then((result) => {
    const [output] = result.outputFiles;
    if (!output) throw new Error('esbuild produced no output for the web-mode shim');
    return output.text;
  });
  // A failed build is not cached, so the next page load tries again.
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}
