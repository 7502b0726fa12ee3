// `npm run web` as its own process, as an operator starts it: its output as it arrives, a line waited for, its exit.
// Shared by the command's own spec and the restart spec (which stops it with SIGTERM and SIGKILL).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from './web-mode';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The line web mode prints once it serves; its one group is the URL with the run's token. */
export const URL_LINE = /^ABHA Desk \(web mode\): (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{43})$/m;

export interface WebCommand {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr together. */
  output: () => string;
  /** Waits until `pattern` matches the output and gives its first group. */
  line: (pattern: RegExp) => Promise<string>;
}

export function startWebCommand(args: string[]): WebCommand {
  // One process, with tsx as a loader: tsx's own CLI runs the script in a child process, so a SIGKILL sent to the CLI
  // would leave the app running as an orphan, holding its data folder.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/web.ts', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const line = (pattern: RegExp) =>
    expect
      .poll(() => pattern.exec(output)?.[1], { timeout: 20_000, message: `waiting for ${pattern} in:\n${output}` })
      .toBeTruthy()
      .then(() => pattern.exec(output)![1]!);
  return { child, output: () => output, line };
}

/** How the process ended: its exit code, or the signal that ended it. */
export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
