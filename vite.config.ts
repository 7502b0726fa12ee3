import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The renderer is a static bundle: Electron loads it from disk, web mode serves it over loopback.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, target: 'es2023' },
});
