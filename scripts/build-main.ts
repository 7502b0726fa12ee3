// `npm run build` (after vite): bundles main and preload into dist/electron/.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { mainBuild, preloadBuild } from './bundle-options';

// Chunk names carry a content hash: clear the old ones, or every build would leave one more behind to be packaged.
rmSync('dist/electron/chunks', { recursive: true, force: true });
await build(mainBuild);
await build(preloadBuild);
