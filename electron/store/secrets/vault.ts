// Secrets (database and records keys, client secret, relay credential) and where they are kept, best first:
//   'keychain'       the OS keychain (keytar-driver.ts);
//   'os-encryption'  a secrets file in the data folder, encrypted by the operating system for this user (Electron's
//                    safeStorage where it has a real backend), for a computer whose keychain ABHA Desk cannot reach;
//   'user-file'      the same file in clear, readable only by this user (0600 in a 0700 folder);
//   'memory'         nothing kept past this run: only for throwaway runs (web mode --keychain memory, tests).
// A restart must never lose the day, so without a keychain the secrets go to the file rather than to memory.
import { randomUUID } from 'node:crypto';
import { withTimeout } from '../../shared/with-timeout';
import type { SecretDriver } from './secret-driver';
import { openSecretsFile, type SecretsEncryption, type SecretsFileDriver } from './secrets-file-driver';

export type { SecretDriver } from './secret-driver';

export type VaultProtection = 'keychain' | 'os-encryption' | 'user-file' | 'memory';

export interface Vault {
  readonly protection: VaultProtection;
  /** Why the system keychain is not used, for the log; absent when it is. */
  readonly keychainProblem?: string;
  /** The secrets file ('os-encryption', 'user-file'); absent otherwise. */
  readonly secretsFile?: string;
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

export interface VaultOptions {
  probeTimeoutMs?: number;
  /**
   * Where the secrets go when the keychain cannot be used: the secrets file (`secretsFileIn(dataFolder)`), sealed by
   * `encryption` when the host has the operating system's. Absent: memory, for this run only.
   */
  fallback?: { file: string; encryption?: SecretsEncryption | null };
}

const PROBE_ACCOUNT = 'keychain-probe';
// A locked keyring can wait forever on an unlock prompt nobody answers; the app must still start.
const PROBE_TIMEOUT_MS = 5_000;

export function memorySecretDriver(): SecretDriver {
  const secrets = new Map<string, string>();
  return {
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, value) => {
      secrets.set(account, value);
    },
    delete: async (account) => secrets.delete(account),
  };
}

/**
 * The keychain when it works, else the fallback. A desk whose secrets are in a working keychain keeps them there;
 * a secrets file left from days without one moves into the keychain once it works (see moveIntoKeychain).
 * Rejects with a SecretsFileError when the secrets file exists but cannot be used: never replaced by a new one.
 */
export async function openVault(keychain: SecretDriver | null, options: VaultOptions = {}): Promise<Vault> {
  const problem = keychain ? await keychainProblem(keychain, options.probeTimeoutMs ?? PROBE_TIMEOUT_MS) : 'no keychain driver';
  const { fallback } = options;
  if (!fallback) return problem === null ? { protection: 'keychain', ...checkedAccess(keychain!) } : memoryVault(problem);
  const file = await openSecretsFile(fallback.file, { encryption: fallback.encryption });
  if (problem === null) {
    if (!file.exists()) return { protection: 'keychain', ...checkedAccess(keychain!) };
    const notMoved = await moveIntoKeychain(file, keychain!);
    if (notMoved === null) return { protection: 'keychain', ...checkedAccess(keychain!) };
    return fileVault(file, notMoved);
  }
  return fileVault(file, problem);
}

/** Null when the keychain can write, read back and remove a throwaway entry; otherwise why it cannot. */
async function keychainProblem(driver: SecretDriver, timeoutMs: number): Promise<string | null> {
  try {
    await withTimeout(probe(driver), timeoutMs, 'the keychain');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function probe(driver: SecretDriver): Promise<void> {
  const value = randomUUID();
  await driver.set(PROBE_ACCOUNT, value);
  const readBack = await driver.get(PROBE_ACCOUNT);
  await driver.delete(PROBE_ACCOUNT);
  if (readBack !== value) throw new Error('the keychain did not return the value just stored in it');
}

/**
 * Copies every secret of the file into the keychain, reads each back, and only then deletes the file. Null when
 * done; otherwise why the file stays (and is used). An entry the keychain already holds with another value (another
 * data folder of this user's) is never overwritten: the file then stays as it is.
 */
async function moveIntoKeychain(file: SecretsFileDriver, keychain: SecretDriver): Promise<string | null> {
  try {
    const entries = [...file.entries()];
    for (const [account, value] of entries) {
      const held = await keychain.get(account);
      if (held !== null && held !== value) return `the keychain already holds another "${account}", so the secrets file was kept`;
    }
    for (const [account, value] of entries) {
      await keychain.set(account, value);
      if ((await keychain.get(account)) !== value) return `the keychain did not keep "${account}", so the secrets file was kept`;
    }
    await file.remove();
    return null;
  } catch (error) {
    return `the secrets file could not be moved into the keychain (${error instanceof Error ? error.message : String(error)})`;
  }
}

function fileVault(file: SecretsFileDriver, keychainProblem: string): Vault {
  return {
    protection: file.sealed ? 'os-encryption' : 'user-file',
    keychainProblem,
    secretsFile: file.file,
    ...checkedAccess(file),
  };
}

function memoryVault(keychainProblem: string): Vault {
  return { protection: 'memory', keychainProblem, ...checkedAccess(memorySecretDriver()) };
}

/** How a message names where the vault keeps its secrets. */
export function vaultPlace(vault: Vault): string {
  if (vault.protection === 'keychain') return 'the system keychain';
  if (vault.protection === 'memory') return 'memory (nothing is kept past this run)';
  return `the secrets file ${vault.secretsFile}`;
}

/** Rejects (never throws synchronously) on an empty account or value, before the driver sees it. */
function checkedAccess(driver: SecretDriver): SecretDriver {
  return {
    get: async (account) => driver.get(checkAccount(account)),
    set: async (account, value) => driver.set(checkAccount(account), checkValue(value)),
    delete: async (account) => driver.delete(checkAccount(account)),
  };
}

function checkAccount(account: string): string {
  if (typeof account !== 'string' || account.trim() === '') {
    throw new TypeError('A vault entry needs a non-empty account name.');
  }
  return account;
}

function checkValue(value: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError('A vault entry needs a non-empty string value; use delete() to remove a secret.');
  }
  return value;
}
