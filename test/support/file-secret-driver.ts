// Test only: a SecretDriver (electron/store/secrets/vault.ts) that keeps its secrets in one JSON file, so that a data folder
// outlives the process that made it (a child killed with SIGKILL, then started again) the way it does with the OS
// keychain. Keep the file OUTSIDE the data folder, as a keychain would be. Every write replaces the file atomically
// (write a temporary file, fsync, rename), so a kill can never leave it half written.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { SecretDriver } from '../../electron/store/secrets/vault';

export function fileSecretDriver(file: string): SecretDriver & { all(): Record<string, string> } {
  const read = (): Record<string, string> => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {});
  const write = (secrets: Record<string, string>) => {
    const temporary = `${file}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(secrets));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  };
  return {
    get: async (account) => read()[account] ?? null,
    set: async (account, value) => write({ ...read(), [account]: value }),
    delete: async (account) => {
      const secrets = read();
      if (!(account in secrets)) return false;
      delete secrets[account];
      write(secrets);
      return true;
    },
    all: read,
  };
}
