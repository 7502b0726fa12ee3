// The admin PIN's file, admin-pin.json beside settings.json: the PIN's scrypt hash and the count of wrong tries.
// A file of its own, not the settings file, because settings travel to the page (settings.get) and the hash must
// not; not the keychain, because a desk without one keeps secrets in memory, and a PIN that vanished at a restart
// would leave the connection settings open. The wrong-try count is here too, so a restart does not reset it.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writePrivateFile } from '../../files/write-private-file';

export const ADMIN_PIN_FILE_NAME = 'admin-pin.json';
/**
 * The forgotten-PIN reset (docs/operator-guide.md): a file of this name put in the data folder. At the next start the
 * app removes the PIN, and with it the client secret and the relay credential, then this file.
 */
export const ADMIN_PIN_RESET_FILE_NAME = 'reset-admin-pin';

export interface StoredPinHash {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  /** Base64. */
  salt: string;
  /** Base64. */
  hash: string;
}

export interface AdminPinState {
  pin: StoredPinHash;
  /** Wrong PINs in a row since the last right one or the end of the last wait. */
  failedTries: number;
  /** While set and in the future, no PIN is checked (epoch milliseconds). */
  retryAt: number | null;
}

/** No PIN set, a PIN, or a file that cannot be read (which never counts as "no PIN"). */
export type AdminPinFileContent = { kind: 'none' } | { kind: 'set'; state: AdminPinState } | { kind: 'unreadable' };

export class AdminPinFile {
  readonly file: string;
  private readonly resetFile: string;

  constructor(folder: string) {
    this.file = path.join(folder, ADMIN_PIN_FILE_NAME);
    this.resetFile = path.join(folder, ADMIN_PIN_RESET_FILE_NAME);
  }

  read(): AdminPinFileContent {
    if (!existsSync(this.file)) return { kind: 'none' };
    try {
      const state = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return isState(state) ? { kind: 'set', state } : { kind: 'unreadable' };
    } catch {
      return { kind: 'unreadable' };
    }
  }

  /** Written whole to a temporary file, then renamed over the old one: a crash leaves the old file or the new. */
  async write(state: AdminPinState): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    rmSync(temporary, { force: true });
    await writePrivateFile(temporary, `${JSON.stringify(state, null, 2)}\n`, { replace: false });
    renameSync(temporary, this.file);
  }

  resetRequested(): boolean {
    return existsSync(this.resetFile);
  }

  /** Removes the PIN, then the reset request; in that order, so a crash between the two repeats the reset. */
  removePinAndResetRequest(): void {
    rmSync(this.file, { force: true });
    rmSync(this.resetFile, { force: true });
  }
}

function isState(value: unknown): value is AdminPinState {
  if (typeof value !== 'object' || value === null) return false;
  const { pin, failedTries, retryAt } = value as Record<string, unknown>;
  return isPinHash(pin) && Number.isInteger(failedTries) && (failedTries as number) >= 0 && (retryAt === null || typeof retryAt === 'number');
}

function isPinHash(value: unknown): value is StoredPinHash {
  if (typeof value !== 'object' || value === null) return false;
  const hash = value as Record<string, unknown>;
  const positive = (n: unknown) => Number.isInteger(n) && (n as number) > 0;
  return hash.algorithm === 'scrypt' && positive(hash.N) && positive(hash.r) && positive(hash.p) && typeof hash.salt === 'string' && typeof hash.hash === 'string' && hash.hash.length > 0;
}
