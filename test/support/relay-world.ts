// What every relay suite over both stores starts from: a throwaway PostgreSQL server, the gateway's signing key and
// the JWKS that serves it, and a way to open a fresh store of each dialect; all of it gone after the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openRelayStore } from '../../relay/store/open-store';
import type { RelayStore } from '../../relay/store/relay-store';
import { signingKey, startJwksServer, type JwksServer, type SigningKey } from '../unit/bridge/bridge-support';
import { startPostgres, type PostgresServer } from './postgres-server';

export interface RelayWorld {
  /** The gateway's key (kid gateway-key-1): callbacks signed with it pass. */
  readonly key: SigningKey;
  readonly jwks: JwksServer;
  /** For `describe.each`: each dialect's name and how to open a fresh, empty store of it. */
  readonly storages: readonly (readonly [string, () => Promise<RelayStore>])[];
  /** A fresh, empty PostgreSQL database's URL, for two relays (two stores) sharing it. */
  postgresDatabase(): Promise<string>;
  /** The URL of the database the last PostgreSQL store of `storages` was opened on, to look at its tables. */
  lastPostgresUrl(): string;
}

export function relayWorld(folderPrefix: string): RelayWorld {
  let postgres: PostgresServer;
  let key: SigningKey;
  let jwks: JwksServer;
  const folders: string[] = [];
  let lastPostgresUrl: string | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
    key = await signingKey('gateway-key-1');
    jwks = await startJwksServer([key]);
  }, 60_000);
  afterAll(async () => {
    await jwks?.close();
    await postgres?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const sqlite = async () => {
    const folder = mkdtempSync(path.join(tmpdir(), folderPrefix));
    folders.push(folder);
    return openRelayStore({ sqlite: path.join(folder, 'relay.db') });
  };
  return {
    get key() {
      return key;
    },
    get jwks() {
      return jwks;
    },
    postgresDatabase: () => postgres.createDatabase(),
    lastPostgresUrl: () => {
      if (!lastPostgresUrl) throw new Error('No PostgreSQL store was opened yet.');
      return lastPostgresUrl;
    },
    storages: [
      ['SQLite', sqlite],
      [
        'PostgreSQL',
        async () => {
          lastPostgresUrl = await postgres.createDatabase();
          return openRelayStore({ postgres: lastPostgresUrl });
        },
      ],
    ],
  };
}
