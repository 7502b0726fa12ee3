// Secrets (client secret, gateway tokens, database and records keys) live in the OS keychain.
// Without a usable keychain they are kept in memory for this session only, and the UI says so.
import { randomUUID } from 'node:crypto';
import { withTimeout } from '../shared/with-timeout';

export type KeychainStatus = 'available' | 'unavailable';

export interface SecretDriver {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

export interface Vault {
  readonly status: KeychainStatus;
  /** Why the keychain could not be used, for the log; absent when it is available. */
  readonly unavailableReason?: string;
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
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

export async function openVault(
  driver: SecretDriver | null,
  options: { probeTimeoutMs?: number } = {},
): Promise<Vault> {
  if (!driver) return sessionVault('no keychain driver');
  try {
    await withTimeout(probe(driver), options.probeTimeoutMs ?? PROBE_TIMEOUT_MS, 'the keychain');
  } catch (error) {
    return sessionVault(error instanceof Error ? error.message : String(error));
  }
  return {
    status: 'available',
    ...checkedAccess(driver),
  };
}

/** Write, read back and remove a throwaway entry: a keychain that cannot do all three is not usable. */
async function probe(driver: SecretDriver): Promise<void> {
  const value = randomUUID();
  await driver.set(PROBE_ACCOUNT, value);
  const readBack = await driver.get(PROBE_ACCOUNT);
  await driver.delete(PROBE_ACCOUNT);
  if (readBack !== value) throw new Error('the keychain did not return the value just stored in it');
}

function sessionVault(reason: string): Vault {
  return {
    status: 'unavailable',
    unavailableReason: reason,
    ...checkedAccess(memorySecretDriver()),
  };
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
