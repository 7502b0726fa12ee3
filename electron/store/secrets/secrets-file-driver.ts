// The vault's place for secrets where the system keychain cannot be used (vault.ts): one file beside the data,
// `<data folder>/vault/secrets.json`, readable only by this user (0600 in a 0700 folder). Where the operating system
// can encrypt for this user (Electron's safeStorage, electron/platform/safe-storage.ts) the file holds the secrets
// sealed by it; otherwise in clear, protected by the file's permissions alone.
//
// The file holds the database key: if it were lost or replaced, the database could never be opened again. So:
// - every write replaces it whole and atomically (a fresh temporary file, fsync, rename, fsync of the folder), so a
//   crash or a kill leaves the old file or the new one, never half of one;
// - a file that cannot be read, is damaged, is a link, or is readable by others is refused with a SecretsFileError
//   naming the file and what to do; it is never replaced or "repaired", which would orphan the database.
import { randomUUID } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { SecretDriver } from './secret-driver';

export const SECRETS_FOLDER_NAME = 'vault';
export const SECRETS_FILE_NAME = 'secrets.json';
const FORMAT = 'abha-desk-secrets';

// Windows has no O_NOFOLLOW (Node leaves it undefined); there the flag is simply absent.
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
// Windows has no POSIX modes or owners; the per-user profile folder's ACL protects the file there.
const POSIX = process.platform !== 'win32';

/** Where the data folder's secrets file is. */
export function secretsFileIn(dataFolder: string): string {
  return path.join(dataFolder, SECRETS_FOLDER_NAME, SECRETS_FILE_NAME);
}

/** The operating system's encryption for this user: what safeStorage does in Electron, a fake in tests. */
export interface SecretsEncryption {
  encrypt(plain: string): Promise<Uint8Array>;
  decrypt(sealed: Uint8Array): Promise<string>;
}

export class SecretsFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SecretsFileError';
  }
}

export interface SecretsFileDriver extends SecretDriver {
  readonly file: string;
  /** True when the operating system's encryption seals the file's contents. */
  readonly sealed: boolean;
  /** Whether the file exists yet (it is written on the first set). */
  exists(): boolean;
  /** Every secret in the file, to move them into a keychain that works again (vault.ts). */
  entries(): ReadonlyMap<string, string>;
  /** Deletes the file, once its secrets are safely elsewhere. */
  remove(): Promise<void>;
}

type FileContent = { format: typeof FORMAT; version: 1 } & ({ sealed: false; secrets: Record<string, string> } | { sealed: true; data: string });

/**
 * Reads the file now (an absent one is empty), so every problem with it shows at start-up. With `encryption`, the
 * secrets are written sealed; a file written in clear before encryption was available is sealed at once.
 */
export async function openSecretsFile(file: string, options: { encryption?: SecretsEncryption | null } = {}): Promise<SecretsFileDriver> {
  const encryption = options.encryption ?? null;
  const found = await readSecretsFile(file, encryption);
  let secrets = found?.secrets ?? new Map<string, string>();
  let exists = found !== null;
  let writing: Promise<unknown> = Promise.resolve();
  // One write at a time, in call order, each changing what the one before left; a failed write leaves the map as
  // the file has it.
  const store = <T>(change: (next: Map<string, string>) => T): Promise<T> => {
    const done = writing.then(async () => {
      const next = new Map(secrets);
      const answer = change(next);
      await writeSecretsFile(file, next, encryption);
      secrets = next;
      exists = true;
      return answer;
    });
    writing = done.catch(() => undefined);
    return done;
  };
  if (found && !found.sealed && encryption) await store(() => undefined);
  return {
    file,
    sealed: encryption !== null,
    exists: () => exists,
    entries: () => new Map(secrets),
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, value) => {
      await store((next) => next.set(account, value));
    },
    delete: async (account) => {
      await writing;
      return secrets.has(account) ? store((next) => next.delete(account)) : false;
    },
    remove: async () => {
      await writing;
      await fs.rm(file, { force: true });
      await syncFolder(path.dirname(file));
      secrets = new Map();
      exists = false;
    },
  };
}

async function readSecretsFile(file: string, encryption: SecretsEncryption | null): Promise<{ secrets: Map<string, string>; sealed: boolean } | null> {
  const folder = path.dirname(file);
  const folderStat = await lstatOrNull(folder);
  if (!folderStat) return null;
  if (!folderStat.isDirectory()) throw refused(file, `${folder} is not a folder (a link or a file is in its place). ABHA Desk never follows a link here. Put the real folder back, or move it away if ABHA Desk has never kept its key here, then start ABHA Desk again.`);
  checkPrivate(file, folder, folderStat, 'folder');
  const text = await readPrivateText(file);
  if (text === null) return null;
  const content = parse(file, text);
  if (!content.sealed) return { secrets: new Map(Object.entries(content.secrets)), sealed: false };
  if (!encryption) {
    throw refused(file, `${file} is encrypted by this computer's own key store, which ABHA Desk cannot use now (the keyring may be locked, or this is another user or computer). Sign in as the user who set up ABHA Desk, unlock the keyring, and start ABHA Desk again. The file was left as it was.`);
  }
  let plain: string;
  try {
    plain = await encryption.decrypt(Buffer.from(content.data, 'base64'));
  } catch (error) {
    throw refused(file, `${file} could not be decrypted by this computer's key store (${reasonOf(error)}). It was sealed for another user or computer, or the keyring's key changed. Sign in as the user who set up ABHA Desk and start it again. The file was left as it was.`, error);
  }
  return { secrets: secretsFrom(file, parseJson(file, plain)), sealed: true };
}

async function readPrivateText(file: string): Promise<string | null> {
  let handle: FileHandle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') throw refused(file, `${file} is a link. ABHA Desk never follows a link to its key. Put the real file in its place and start ABHA Desk again.`, error);
    throw refused(file, `${file} could not be read (${reasonOf(error)}). Start ABHA Desk as the user who set it up, or give that user back the file, then start ABHA Desk again. The file was left as it was.`, error);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw refused(file, `${file} is not a file. Put ABHA Desk's secrets file back in its place and start ABHA Desk again.`);
    checkPrivate(file, file, stat, 'file');
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Readable by this user alone: owned by them, no bits for the group or others. */
function checkPrivate(file: string, what: string, stat: Stats, kind: 'file' | 'folder'): void {
  if (!POSIX) return;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw refused(file, `The ${kind} ${what} belongs to another user (uid ${stat.uid}). Start ABHA Desk as the user it belongs to. The file was left as it was.`);
  }
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) !== 0) {
    const wanted = kind === 'file' ? '600' : '700';
    throw refused(file, `The ${kind} ${what} can be read by other users (mode ${mode.toString(8)}), so the key that unlocks the patients' data may have been seen. Make it private (chmod ${wanted} "${what}") and start ABHA Desk again; if others may have copied it, ask whoever looks after the desk.`);
  }
}

function parse(file: string, text: string): FileContent {
  const value = parseJson(file, text) as Partial<FileContent> | null;
  if (!value || typeof value !== 'object' || value.format !== FORMAT || value.version !== 1) throw damaged(file, 'it is not an ABHA Desk secrets file of a known version');
  if (value.sealed === true && typeof value.data === 'string') return value as FileContent;
  if (value.sealed === false) return { format: FORMAT, version: 1, sealed: false, secrets: Object.fromEntries(secretsFrom(file, value.secrets)) };
  throw damaged(file, 'its contents are incomplete');
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw damaged(file, `it is not readable JSON: ${reasonOf(error)}`, error);
  }
}

function secretsFrom(file: string, value: unknown): Map<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw damaged(file, 'it holds no list of secrets');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.some(([, secret]) => typeof secret !== 'string' || secret === '')) throw damaged(file, 'a secret in it is not text');
  return new Map(entries as [string, string][]);
}

async function writeSecretsFile(file: string, secrets: Map<string, string>, encryption: SecretsEncryption | null): Promise<void> {
  const all = Object.fromEntries(secrets);
  const content: FileContent = encryption
    ? { format: FORMAT, version: 1, sealed: true, data: Buffer.from(await encryption.encrypt(JSON.stringify(all))).toString('base64') }
    : { format: FORMAT, version: 1, sealed: false, secrets: all };
  const folder = path.dirname(file);
  await ensurePrivateFolder(file, folder);
  const temporary = path.join(folder, `.${path.basename(file)}.${randomUUID()}.tmp`);
  // 0600 from the start, never through a link, never over an existing file (the name is fresh).
  const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`);
    await handle.sync();
    await handle.close();
    await fs.rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

async function ensurePrivateFolder(file: string, folder: string): Promise<void> {
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const stat = await fs.lstat(folder);
  if (!stat.isDirectory()) throw refused(file, `${folder} is not a folder (a link or a file is in its place). ABHA Desk never writes its key through a link.`);
  checkPrivate(file, folder, stat, 'folder');
}

/** A renamed file is durable only once its folder is flushed (POSIX); Windows cannot open a folder to flush it. */
async function syncFolder(folder: string): Promise<void> {
  if (!POSIX) return;
  const handle = await fs.open(folder, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function lstatOrNull(target: string): Promise<Stats | null> {
  try {
    return await fs.lstat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function damaged(file: string, why: string, cause?: unknown): SecretsFileError {
  return refused(
    file,
    `${file} is damaged (${why}). ABHA Desk did not change it. It holds the key to this desk's database: restore it from a backup of the data folder and start ABHA Desk again. Do not delete it: without it the data cannot be read.`,
    cause,
  );
}

function refused(file: string, message: string, cause?: unknown): SecretsFileError {
  return new SecretsFileError(file, `ABHA Desk could not use its secrets file: ${message}`, cause === undefined ? undefined : { cause });
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
