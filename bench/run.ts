// `npm run bench`: runs every benchmark in this folder, one after the other, each in its own process.
import '../scripts/require-node';
import { spawn } from 'node:child_process';
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
const verdicts = { met: 0, missed: 0 };
try {
  for (const file of benches) {
    console.log(`\n== ${file}`);
    const code = await runBench(path.join(here, file), (text) => countVerdicts(text, verdicts));
    if (code !== 0) {
      failed += 1;
      console.log(`!! ${file} failed (exit ${code})`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
// One line to read first: every target line of every benchmark (report.ts writes them ending in ok, OVER or UNDER).
console.log(`\n${verdicts.met} targets met, ${verdicts.missed} over${failed ? `, ${failed} benchmark(s) failed` : ''}`);
process.exit(failed || verdicts.missed ? 1 : 0);

/** Runs one benchmark in its own process, its output shown as it comes and handed to `seen` line by line. */
function runBench(file: string, seen: (line: string) => void): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['inherit', 'pipe', 'inherit'], env: { ...process.env, TMPDIR: scratch } });
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const each of lines) seen(each);
    });
    child.on('close', (code) => {
      if (partial) seen(partial);
      resolve(code ?? 1);
    });
  });
}

function countVerdicts(text: string, into: { met: number; missed: number }): void {
  const verdict = / ratio -?[\d.]+ (ok|OVER|UNDER)\s*$/.exec(text)?.[1];
  if (verdict === 'ok') into.met += 1;
  else if (verdict) into.missed += 1;
}
