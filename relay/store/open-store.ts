// Opens the relay's storage named in its configuration and brings the schema up to date: one SQLite file for a relay
// run as one process, or a PostgreSQL database (a postgres:// URL) shared by several relay processes.
import { PostgresRelayStore } from './postgres-store';
import type { RelayStore } from './relay-store';
import { SqliteRelayStore } from './sqlite-store';

export type RelayStorage = { sqlite: string } | { postgres: string };

export async function openRelayStore(storage: RelayStorage): Promise<RelayStore> {
  const store: RelayStore = 'sqlite' in storage ? new SqliteRelayStore(storage.sqlite) : await PostgresRelayStore.open(storage.postgres);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
