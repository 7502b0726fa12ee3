// Bundles the Electron main process (ESM) and the sandboxed preload (must be one CommonJS file).
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node22', sourcemap: true, logLevel: 'info' };
// Native modules and electron itself are loaded at run time, never bundled.
const external = ['electron', 'keytar', 'better-sqlite3-multiple-ciphers', 'electron-store', 'conf', '@resvg/resvg-js', 'pdfkit'];

await build({
  ...common,
  entryPoints: ['electron/main.ts'],
  outfile: 'dist/electron/main.js',
  format: 'esm',
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
await build({
  ...common,
  entryPoints: ['electron/preload.ts'],
  outfile: 'dist/electron/preload.cjs',
  format: 'cjs',
  external: ['electron'],
});
