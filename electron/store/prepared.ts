// Prepared statements kept per connection, by their SQL text. Preparing an insert took about half the CPU of running
// it as an encrypted autocommit (measured on this project's 2-core machine), and the front desk runs the same few
// statements for every patient, so each is prepared once. Only for statements run with run/get/all:
// one left mid-iteration, or switched to pluck/raw, would be shared in that state.
import type { Database, Statement } from 'better-sqlite3-multiple-ciphers';

/** More distinct statements than the code has means SQL is being built from data: start again rather than grow. */
const MOST_PER_CONNECTION = 500;
const byConnection = new WeakMap<Database, Map<string, Statement>>();

export function prepared(db: Database, sql: string): Statement {
  let statements = byConnection.get(db);
  if (!statements) {
    statements = new Map();
    byConnection.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= MOST_PER_CONNECTION) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
