// `npm run build` (after vite): bundles main and preload into dist/electron/.
import { build } from 'esbuild';
import { mainBuild, preloadBuild } from './bundle-options';

await build(mainBuild);
await build(preloadBuild);
