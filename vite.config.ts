import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The renderer is a static bundle: Electron loads it from disk, web mode serves it over loopback.
export default defineConfig({
  root: 'renderer',
  base: './',
  // root is renderer/, so point the plugin at the config that svelte-check also reads.
  plugins: [svelte({ configFile: fileURLToPath(new URL('./svelte.config.js', import.meta.url)) })],
  build: { outDir: '../dist/renderer', emptyOutDir: true, target: 'es2023' },
});
