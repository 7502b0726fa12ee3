// The one place the app writes a file for the operator (a saved card, a web-mode print page): mode 0600,
// never through a link at the target, and replacing an existing file only when asked to.
import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePrivateFile } from '../../../electron/files/write-private-file';

const posixOnly = it.skipIf(process.platform === 'win32');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'write-private-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writePrivateFile', () => {
  posixOnly('creates a new file with mode 0600', async () => {
    const file = path.join(dir, 'card.pdf');
    await writePrivateFile(file, Buffer.from('%PDF-1.4'), { replace: false });
    expect(readFileSync(file, 'utf8')).toBe('%PDF-1.4');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('without replace, refuses an existing file (EEXIST) and leaves it as it was', async () => {
    const file = path.join(dir, 'card.pdf');
    writeFileSync(file, 'first');
    await expect(writePrivateFile(file, 'second', { replace: false })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(file, 'utf8')).toBe('first');
  });

  posixOnly('with replace, replaces an existing file and makes it 0600 even if it was 0644', async () => {
    const file = path.join(dir, 'card.pdf');
    writeFileSync(file, 'a much longer first version', { mode: 0o644 });
    await writePrivateFile(file, 'second', { replace: true });
    expect(readFileSync(file, 'utf8')).toBe('second');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  posixOnly('with replace, does not follow a link at the target (ELOOP); the file it points to is unchanged', async () => {
    const victim = path.join(dir, 'victim.txt');
    writeFileSync(victim, 'not yours', { mode: 0o644 });
    const link = path.join(dir, 'card.pdf');
    symlinkSync(victim, link);
    await expect(writePrivateFile(link, 'card', { replace: true })).rejects.toMatchObject({ code: expect.stringMatching(/^(ELOOP|EMLINK)$/) });
    expect(readFileSync(victim, 'utf8')).toBe('not yours');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  posixOnly('with replace, does not create the file a dangling link points to', async () => {
    const target = path.join(dir, 'would-be-created.txt');
    const link = path.join(dir, 'card.pdf');
    symlinkSync(target, link);
    await expect(writePrivateFile(link, 'card', { replace: true })).rejects.toMatchObject({ code: expect.stringMatching(/^(ELOOP|EMLINK)$/) });
    expect(existsSync(target)).toBe(false);
  });

  posixOnly('without replace, a link at the target is an existing file (EEXIST), never followed', async () => {
    const victim = path.join(dir, 'victim.txt');
    writeFileSync(victim, 'not yours');
    const link = path.join(dir, 'card.pdf');
    symlinkSync(victim, link);
    await expect(writePrivateFile(link, 'card', { replace: false })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(victim, 'utf8')).toBe('not yours');
  });
});
