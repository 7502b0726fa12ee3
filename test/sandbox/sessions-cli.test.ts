import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/official-spec';

function runCli(args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('npm run sandbox (sandbox/cli.ts)', () => {
  it('prints exactly "ABDM sandbox listening on http://127.0.0.1:<port>" and serves there', async () => {
    const child = runCli(['--port', '0']);
    try {
      const [firstChunk] = (await once(child.stdout, 'data')) as [Buffer];
      const line = firstChunk.toString().split('\n')[0]!;
      const match = /^ABDM sandbox listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(line);
      expect(match, line).not.toBeNull();
      const heartbeat = await fetch(`http://127.0.0.1:${match![1]}/gateway/v0.5/heartbeat`);
      expect(heartbeat.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('refuses a bad --port with a message and a non-zero exit', async () => {
    const child = runCli(['--port', 'eighty']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/--port must be a number/);
  });
});
