// `npm run bench`: runs every benchmark in this folder, one after the other, each in its own process.
import '../scripts/require-node';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const helpers = new Set(['run.ts', 'report.ts', 'gateway-load.ts']);
const benches = readdirSync(here).filter((f) => f.endsWith('.ts') && !helpers.has(f)).sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
