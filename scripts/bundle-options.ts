// esbuild settings for the Electron main process (ESM) and the sandboxed preload (one CommonJS file).
// Shared by scripts/build-main.ts and the preload test, so the test checks what ships.
import type { BuildOptions } from 'esbuild';
import { channelNames, eventNames } from '../electron/ipc/contract';

const common = { bundle: true, platform: 'node', target: 'node22', sourcemap: true, logLevel: 'info' } as const;
// Native modules and electron itself are loaded at run time, never bundled.
const external = ['electron', 'keytar', 'better-sqlite3-multiple-ciphers', 'electron-store', 'conf', '@resvg/resvg-js', 'pdfkit'];

export const mainBuild: BuildOptions = {
  ...common,
  entryPoints: ['electron/main.ts'],
  // dist/electron/main.js, plus chunks/ for what main loads with import(): the training simulator is not
  // evaluated, or even read, until training is first used (electron/training/simulator.ts).
  outdir: 'dist/electron',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  format: 'esm',
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};

export const preloadBuild: BuildOptions = {
  ...common,
  entryPoints: ['electron/preload.ts'],
  outfile: 'dist/electron/preload.cjs',
  format: 'cjs',
  external: ['electron'],
  // The channel list is baked in, so the preload carries no zod and no schemas.
  define: {
    __ABHA_DESK_CHANNELS__: JSON.stringify(channelNames),
    __ABHA_DESK_EVENTS__: JSON.stringify(eventNames),
  },
};
