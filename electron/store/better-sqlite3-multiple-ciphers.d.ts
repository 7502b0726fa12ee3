// The package ships index.d.ts but its "exports" map has no "types" entry, so TypeScript cannot find it.
declare module 'better-sqlite3-multiple-ciphers' {
  import Database = require('../../node_modules/better-sqlite3-multiple-ciphers/index');
  export = Database;
}
