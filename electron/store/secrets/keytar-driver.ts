// The OS keychain through keytar (libsecret on Linux, Keychain on macOS, Credential Manager on Windows).
import type { SecretDriver } from './vault';

type Keytar = typeof import('keytar');

/**
 * keytar is loaded on first use, so a missing or unloadable native module surfaces as a failed
 * vault probe ('unavailable') rather than as a crash when this file is imported.
 */
export function keytarDriver(service = 'abha-desk'): SecretDriver {
  let loading: Promise<Keytar> | undefined;
  const keytar = () => (loading ??= loadKeytar());
  return {
    get: async (account) => (await keytar()).getPassword(service, account),
    set: async (account, value) => (await keytar()).setPassword(service, account, value),
    delete: async (account) => (await keytar()).deletePassword(service, account),
  };
}

async function loadKeytar(): Promise<Keytar> {
  try {
    const module = (await import('keytar')) as Keytar & { default?: Keytar };
    // keytar is CommonJS: its functions sit on `default` when imported from ESM.
    return module.default ?? module;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the keytar native module could not be loaded (${reason})`);
  }
}
