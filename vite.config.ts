import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/** The screens fetched while the desk starts (App.svelte): one chunk, so one request rather than a dozen. */
const FRONT_DESK_SCREENS = /[\\/]renderer[\\/]screens[\\/](Enrol|Verify|Patient|Settings)\.svelte$/;

/**
 * Finds what the front-desk screens need that the page's first script does not already carry, once the module graph
 * is known, so that one chunk holds it. Left to itself the bundler splits it by which screens share what: a dozen
 * small files fetched at start, each a round trip to web mode's server before the desk can show (docs/performance.md).
 * What the first script imports stays in it (the 45 KB first-load budget is the same either way).
 */
function frontDeskChunk(): { plugin: Plugin; holds: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'abha-desk:front-desk-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const staticImports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const reach = (starts: string[], skip: Set<string>) => {
        const seen = new Set<string>();
        const queue = starts.filter((id) => !skip.has(id));
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...staticImports(id).filter((next) => !skip.has(next)));
        }
        return seen;
      };
      const firstScript = reach(ids.filter((id) => this.getModuleInfo(id)?.isEntry), new Set());
      for (const id of reach(ids.filter((id) => FRONT_DESK_SCREENS.test(id)), firstScript)) members.add(id);
    },
  };
  return { plugin, holds: (id) => members.has(id) };
}

const frontDesk = frontDeskChunk();

// The renderer is a static bundle: Electron loads it from disk, web mode serves it over loopback.
export default defineConfig({
  root: 'renderer',
  base: './',
  // root is renderer/, so point the plugin at the config that svelte-check also reads.
  plugins: [svelte({ configFile: fileURLToPath(new URL('./svelte.config.js', import.meta.url)) }), frontDesk.plugin],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2023',
    rolldownOptions: {
      output: {
        // The closure is computed above, so the bundler must not pull the first script's modules in after it.
        codeSplitting: { groups: [{ name: 'front-desk', test: frontDesk.holds, includeDependenciesRecursively: false }] },
      },
    },
  },
});
