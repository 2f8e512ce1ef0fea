import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSharedSqliteReads } from './sqlite-read-batch.js';

describe('openSharedSqliteReads', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-read-batch-'));
    file = path.join(dir, 'reads.sqlite');
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec("create table items (id integer primary key, name text); insert into items values (1, 'one'), (2, 'two')");
    writer.close();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives one database's readers one connection, and their reads of one turn one read transaction", async () => {
    const owner = {};
    const first = openSharedSqliteReads(owner, file);
    const second = openSharedSqliteReads(owner, file);
    expect(second.connection).toBe(first.connection);
    const byId = first.connection.prepare<[number], { name: string }>('select name from items where id = ?');
    const inTransaction: boolean[] = [];
    const read = (reads: typeof first, id: number) =>
      reads.batch(() => {
        inTransaction.push(reads.connection.inTransaction);
        return byId.get(id)?.name;
      });
    await expect(Promise.all([read(first, 1), read(second, 2)])).resolves.toEqual(['one', 'two']);
    expect(inTransaction).toEqual([true, true]);
    expect(first.connection.inTransaction).toBe(false);
    first.release();
    second.release();
  });

  it('closes the connection when its last reader releases it, once, and opens a new one after', async () => {
    const owner = {};
    const first = openSharedSqliteReads(owner, file);
    const second = openSharedSqliteReads(owner, file);
    first.release();
    first.release(); // a second release of the same reader counts once
    expect(second.connection.open).toBe(true);
    await expect(second.batch(() => second.connection.prepare('select count(*) as n from items').get())).resolves.toEqual({ n: 2 });
    second.release();
    expect(second.connection.open).toBe(false);
    const third = openSharedSqliteReads(owner, file);
    expect(third.connection).not.toBe(second.connection);
    expect(third.connection.open).toBe(true);
    third.release();
  });

  it('never shares a connection between two databases (two apps in one process)', () => {
    const one = openSharedSqliteReads({}, file);
    const other = openSharedSqliteReads({}, file);
    expect(other.connection).not.toBe(one.connection);
    one.release();
    expect(other.connection.open).toBe(true);
    other.release();
  });
});
