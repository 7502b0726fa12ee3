// The package ships index.d.ts, but its "exports" map has no "types" entry, so TypeScript cannot find it.
// This points the module name at those types: `import Database from …` (value and namespace, as the
// package documents it) and `import type { Database, Statement } from …` both work.
declare module 'better-sqlite3-multiple-ciphers' {
  import BetterSqlite3 = require('../../node_modules/better-sqlite3-multiple-ciphers/index');
  export default BetterSqlite3;
  export type Database = BetterSqlite3.Database;
  export type Options = BetterSqlite3.Options;
  export type RunResult = BetterSqlite3.RunResult;
  export type PragmaOptions = BetterSqlite3.PragmaOptions;
  export type SqliteError = BetterSqlite3.SqliteError;
  export type Statement<BindParameters extends unknown[] | {} = unknown[], Result = unknown> = BetterSqlite3.Statement<
    BindParameters,
    Result
  >;
  export type Transaction = BetterSqlite3.Transaction;
}
