// The client secret reaches the keychain exactly as typed, or the operator is told it did not.
import { afterEach, describe, expect, it } from 'vitest';
import { memorySecretDriver, type SecretDriver } from '../../electron/store/secrets/vault';
import { CLIENT_SECRET_ACCOUNT } from '../../electron/services/abdm-connection';
import { startAppHarness, type AppHarness } from '../support/app-harness';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A stand-in keychain that remembers what it was given, whatever it then keeps. */
function recordingDriver(keep: (value: string) => string = (value) => value): SecretDriver & { given: string[] } {
  const inner = memorySecretDriver();
  const given: string[] = [];
  return {
    given,
    get: (account) => inner.get(account),
    set: async (account, value) => {
      if (account !== CLIENT_SECRET_ACCOUNT) return inner.set(account, value);
      given.push(value);
      await inner.set(account, keep(value));
    },
    delete: (account) => inner.delete(account),
  };
}

describe('secrets.setClientSecret', () => {
  it.each([
    ['a NUL inside (the keychain library would cut it there)', 'abc\u0000def', 'control-character', /invisible characters/],
    ['a lone surrogate (it would be stored as U+FFFD)', 'abc\uD83Ddef', 'broken-character', /broken character/],
    ['only spaces', '   ', 'required', /Type the client secret/],
    ['a line break inside', 'abc\ndef', 'control-character', /invisible characters/],
  ])('refuses %s and stores nothing', async (_, clientSecret, code, message) => {
    const driver = recordingDriver();
    app = await startAppHarness({}, { secretDriver: driver });
    const error = await app.fail('secrets.setClientSecret', { clientSecret });
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.fields).toEqual([{ path: 'clientSecret', code }]);
    expect(error.message).toMatch(message);
    expect(driver.given).toEqual([]);
    expect(await driver.get(CLIENT_SECRET_ACCOUNT)).toBeNull();
  });

  it('stores a pasted secret without the line break that came with it, and exactly otherwise', async () => {
    const driver = recordingDriver();
    app = await startAppHarness({}, { secretDriver: driver });
    expect(await app.call('secrets.setClientSecret', { clientSecret: ' 6f1c-ÄBDM-सीक्रेट-🔑\n' })).toEqual({ stored: true });
    expect(await driver.get(CLIENT_SECRET_ACCOUNT)).toBe('6f1c-ÄBDM-सीक्रेट-🔑');
  });

  it('says so, and keeps nothing, when the keychain keeps something other than it was given', async () => {
    const driver = recordingDriver((value) => value.slice(0, 8));
    app = await startAppHarness({}, { secretDriver: driver });
    const error = await app.fail('secrets.setClientSecret', { clientSecret: 'a-long-client-secret' });
    expect(error.code).toBe('SECRET_NOT_STORED');
    expect(error.message).toMatch(/did not keep the client secret exactly/);
    expect(await driver.get(CLIENT_SECRET_ACCOUNT)).toBeNull();
  });
});
