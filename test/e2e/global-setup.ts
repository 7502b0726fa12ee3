// The end-to-end tests drive the built renderer: build it when dist/renderer is missing or older
// than its sources, so a plain `npx playwright test` never tests a stale page.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const builtPage = path.join(repo, 'dist', 'renderer', 'index.html');
const sources = [path.join(repo, 'renderer'), path.join(repo, 'vite.config.ts')];

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

export default function globalSetup(): void {
  const stale = !existsSync(builtPage) || Math.max(...sources.map(newestChange)) > statSync(builtPage).mtimeMs;
  if (!stale) return;
  console.log('Building the renderer (dist/renderer is missing or older than renderer/)…');
  execFileSync(path.join(repo, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: repo, stdio: 'inherit' });
}
