// secrets.setRelayCredential: a credential as the relay issued it reaches the keychain exactly, a malformed one is
// refused next to its field with words that say what a credential looks like, and the relay link is told to use the
// new one at once. Nothing of the credential comes back.
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../electron/ipc/dispatch';
import { createHandlers, type HandlerContext } from '../../../electron/ipc/handlers';
import { RELAY_CREDENTIAL_ACCOUNT } from '../../../electron/gateway/bridge-part';
import { memorySecretDriver, openVault, type SecretDriver } from '../../../electron/store/secrets/vault';
import { errorText } from '../../../renderer/lib/error-text';

const GOOD = 'desk-frontdesk1.s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s';

async function desk(driver: SecretDriver = memorySecretDriver()) {
  const vault = await openVault(driver);
  let reconnects = 0;
  // The admin PIN has unlocked the connection settings (what a locked desk answers: admin-pin-handlers.test.ts).
  const adminPin = { requireUnlocked: () => {} };
  const ctx = { vault, adminPin, hiu: { bridge: { credentialChanged: () => void (reconnects += 1) } } } as unknown as HandlerContext;
  return { dispatch: createDispatcher(createHandlers(ctx)), vault, reconnects: () => reconnects };
}

describe('secrets.setRelayCredential', () => {
  it('stores a pasted credential without the line break that came with it, and has the link reconnect with it', async () => {
    const { dispatch, vault, reconnects } = await desk();
    const result = await dispatch('secrets.setRelayCredential', { credential: ` ${GOOD}\n` });
    expect(result).toEqual({ ok: true, value: { stored: true } });
    expect(await vault.get(RELAY_CREDENTIAL_ACCOUNT)).toBe(GOOD);
    expect(reconnects()).toBe(1);
  });

  it.each([
    ['the secret cut short', 'desk-frontdesk1.s3cr3t_s3cr3t'],
    ['no desk id', 's3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s'],
    ['a space inside', 'desk-frontdesk1.s3cr3t_s3cr3t_s3cr3t s3cr3t_s3cr3t_s3cr3t_s'],
    ['a capital in the desk id', 'desk-FrontDesk1.s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s3cr3t_s'],
    ['the client secret pasted by mistake', '6f1c2a9e-ABDM-client-secret'],
  ])('refuses %s next to the field, and stores nothing', async (_, credential) => {
    const { dispatch, vault, reconnects } = await desk();
    const result = await dispatch('secrets.setRelayCredential', { credential });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual({ code: 'INVALID_INPUT', fields: [{ path: 'credential', code: 'relay-credential' }] });
    expect(errorText(result.error, 'en')).toContain('This is not a whole relay credential: it starts with “desk-”, then a dot and 43 letters, digits, “-” or “_”.');
    expect(errorText(result.error, 'hi')).toContain('यह पूरा रिले क्रेडेंशियल नहीं है');
    expect(JSON.stringify(result)).not.toContain(credential);
    expect(await vault.get(RELAY_CREDENTIAL_ACCOUNT)).toBeNull();
    expect(reconnects()).toBe(0);
  });

  it('asks for the credential when only spaces were pasted', async () => {
    const { dispatch } = await desk();
    const result = await dispatch('secrets.setRelayCredential', { credential: '   ' });
    expect(result).toEqual({ ok: false, error: { code: 'INVALID_INPUT', fields: [{ path: 'credential', code: 'required' }] } });
    if (!result.ok) expect(errorText(result.error, 'en')).toContain('Paste the relay credential the relay issued for this desk.');
  });

  it('says so, and keeps nothing, when the keychain keeps something other than it was given', async () => {
    const inner = memorySecretDriver();
    const cutting: SecretDriver = { ...inner, set: (account, value) => inner.set(account, account === RELAY_CREDENTIAL_ACCOUNT ? value.slice(0, 20) : value) };
    const { dispatch, vault, reconnects } = await desk(cutting);
    const result = await dispatch('secrets.setRelayCredential', { credential: GOOD });
    expect(result).toEqual({ ok: false, error: { code: 'SECRET_NOT_STORED', params: { reason: 'relay' } } });
    if (!result.ok) expect(errorText(result.error, 'en')).toBe('The system keychain did not keep the relay credential exactly as pasted, so it was not saved. Paste it again; if this repeats, check the keychain.');
    expect(await vault.get(RELAY_CREDENTIAL_ACCOUNT)).toBeNull();
    expect(reconnects()).toBe(0);
  });
});
