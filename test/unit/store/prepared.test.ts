import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import { prepared } from '../../../electron/store/prepared';

describe('prepared statements kept per connection', () => {
  const open: Database.Database[] = [];
  const connection = () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    open.push(db);
    return db;
  };
  afterEach(() => open.splice(0).forEach((db) => db.close()));

  it('prepares a statement once per connection and runs it again with new values', () => {
    const db = connection();
    const insert = prepared(db, 'INSERT INTO notes (text) VALUES (?)');
    expect(prepared(db, 'INSERT INTO notes (text) VALUES (?)')).toBe(insert);
    prepared(db, 'INSERT INTO notes (text) VALUES (?)').run('first');
    prepared(db, 'INSERT INTO notes (text) VALUES (?)').run('second');
    expect(db.prepare('SELECT text FROM notes ORDER BY id').all()).toEqual([{ text: 'first' }, { text: 'second' }]);
  });

  it('never hands one connection a statement of another', () => {
    const one = connection();
    const other = connection();
    prepared(one, 'INSERT INTO notes (text) VALUES (?)').run('only in one');
    expect(prepared(other, 'SELECT count(*) AS n FROM notes').get()).toEqual({ n: 0 });
    expect(prepared(one, 'SELECT count(*) AS n FROM notes').get()).toEqual({ n: 1 });
  });

  it('starts again rather than growing without end when SQL is built from data', () => {
    const db = connection();
    const first = prepared(db, 'SELECT 0 AS zero');
    for (let i = 1; i < 600; i += 1) prepared(db, `SELECT ${i}`);
    expect(prepared(db, 'SELECT 0 AS zero')).not.toBe(first);
    expect(prepared(db, 'SELECT 0 AS zero').get()).toEqual({ zero: 0 });
  });
});
