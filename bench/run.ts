// `npm run bench`: runs every benchmark in this folder, one after the other, each in its own process.
import '../scripts/require-node';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const helpers = new Set(['run.ts', 'report.ts', 'gateway-load.ts']);
const benches = readdirSync(here).filter((f) => f.endsWith('.ts') && !helpers.has(f)).sort();
// Every benchmark writes its throwaway data folders under one private temp folder, removed at the end even when a
// benchmark failed half-way, so a run leaves nothing behind in the machine's temp directory.
const scratch = mkdtempSync(path.join(tmpdir(), 'abha-desk-bench-run-'));
// Others may pass through (not list): the relay benchmark's PostgreSQL runs as its own user in a folder inside.
chmodSync(scratch, 0o711);
let failed = 0;
try {
  for (const file of benches) {
    console.log(`\n== ${file}`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], {
      stdio: 'inherit',
      env: { ...process.env, TMPDIR: scratch },
    });
    if (run.status !== 0) failed += 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
