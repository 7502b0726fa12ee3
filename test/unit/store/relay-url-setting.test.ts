// The relay address a desk saves (Settings → Callbacks → Relay address): the desk sends its relay credential there and
// receives callbacks and health records from it, so plain http:// is refused unless the relay is on this computer
// (loopback: 127.0.0.0/8, ::1, localhost). Issue 23: the desk accepted http:// to any host.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConfSettings, SettingsValidationError } from '../../../electron/store/settings/settings';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings/settings-schema';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'abha-relay-url-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fieldsOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsValidationError);
    return (error as SettingsValidationError).fields;
  }
  throw new Error('expected the update to be refused');
}

describe('the relay address', () => {
  it.each([
    'http://relay.clinic.example',
    'http://relay.clinic.example:8787/relay',
    'http://192.168.1.20:8787',
    'http://10.0.0.5',
    'http://127.0.0.1.nip.io',
    'http://localhost.clinic.example',
    'http://[::2]:8787',
    'ws://relay.clinic.example',
    'ftp://relay.clinic.example',
  ])('refuses %s as the url issue, and keeps the saved address', (relayUrl) => {
    const store = openConfSettings(dir);
    expect(fieldsOf(() => store.update({ bridge: { mode: 'relay', relayUrl } }))).toEqual([{ path: 'bridge.relayUrl', code: 'url' }]);
    expect(store.get().bridge).toEqual(DEFAULT_SETTINGS.bridge);
  });

  it.each(['https://relay.clinic.example', 'https://relay.clinic.example:8443/abha', 'http://127.0.0.1:8787', 'http://127.8.9.10', 'http://localhost:8787', 'http://[::1]:8787', ''])(
    'takes %s',
    (relayUrl) => {
      const store = openConfSettings(dir);
      store.update({ bridge: { mode: 'relay', relayUrl } });
      expect(store.get().bridge.relayUrl).toBe(relayUrl);
    },
  );
});
