import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from './checkpointer.js';

describe('checkpoints off the event loop (sqlite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-checkpoint-'));
  let sqlite: SQLite.Database | undefined;
  afterEach(() => sqlite?.close());

  function open(name: string) {
    const file = path.join(dir, name);
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table t (v text)');
    return { db: sqlite, file };
  }
  const autoCheckpoint = (db: SQLite.Database) => db.pragma('wal_autocheckpoint', { simple: true });

  it('copies what was committed into the database file from another thread, with the automatic checkpoint off', async () => {
    const { db, file } = open('busy.db');
    const checkpointer = startCheckpointer(db, file);
    expect(autoCheckpoint(db)).toBe(0);
    const insert = db.prepare('insert into t values (?)');
    // About 8 MB of pages: only a checkpoint moves them from the log into the database file.
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(4000));
    })();
    expect(fs.statSync(file).size).toBeLessThan(1_000_000);
    await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(8_000_000), { timeout: 5000, interval: 50 });
    await checkpointer.stop();
    expect(db.prepare('select count(*) from t').pluck().get()).toBe(2000);
  });

  it('starts the log again under writes that never pause, so its file stays bounded', async () => {
    const { db, file } = open('sustained.db');
    db.pragma('busy_timeout = 10000');
    // 1,000 frames (4 MB) instead of 64 MB, to keep the test short.
    const checkpointer = startCheckpointer(db, file, 1000);
    const insert = db.prepare('insert into t values (?)');
    // Until 24 MB are written (about 3 s here; longer on a loaded machine, which must not make the
    // test write less), in small transactions a few milliseconds apart, never a pause long enough
    // for a passive checkpoint to finish between two of them: about 10 MB a second, as a hot auction's.
    const giveUp = Date.now() + 25_000;
    let written = 0;
    while (written < 24_000_000 && Date.now() < giveUp) {
      db.transaction(() => {
        for (let i = 0; i < 10; i++) insert.run('x'.repeat(4000));
      })();
      written += 10 * 4096;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const wal = fs.statSync(`${file}-wal`).size;
    await checkpointer.stop();
    expect(written).toBeGreaterThan(20_000_000);
    expect(wal).toBeLessThan(12_000_000);
  });

  it('brings the automatic checkpoint back when the worker fails, so the log cannot grow without bound', async () => {
    const { db } = open('orphan.db');
    const checkpointer = startCheckpointer(db, path.join(dir, 'no-such-dir', 'x.db'));
    await vi.waitFor(() => expect(autoCheckpoint(db)).toBe(1000), { timeout: 5000, interval: 20 });
    await checkpointer.stop();
  });
});
