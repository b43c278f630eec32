/**
 * Backups (ADR 0047): how long `npm run backup` and `npm run restore` take on a big shop, 100,000
 * products and 1,000,000 bids (on 1,000 auctions), with `--files` photos' worth of stored files.
 *
 *   npm run bench:backup [-- --dialects sqlite,postgres --products 100000 --bids 1000000 --files 200 --runs 2]
 *
 * Each run times the whole command as a person runs it, in this process: the database copy
 * (VACUUM INTO / pg_dump), the stored files' two passes and every file's sha256 for the backup;
 * every checksum, the copy's integrity check, and putting it in place for a restore into a fresh
 * DATA_DIR (SQLite) or a fresh database (PostgreSQL). The server is closed while it is timed:
 * this is the cost of the copy, not of sharing the machine with a busy shop.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { createBackup } from '../apps/server/src/backup/create-backup.js';
import { restoreBackup } from '../apps/server/src/backup/restore-backup.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { DB } from '../apps/server/src/db/schema.js';
import { auctionValues, bidValues } from '../apps/server/test/fixtures/dashboard.js';
import { productValues } from '../apps/server/test/fixtures/products.js';
import { verifiedUserRow } from '../apps/server/test/fixtures/users.js';
import { DEFAULT_PG, benchDatabase, type Dialect } from './support/server.js';
import { benchOptions } from './support/options.js';
import { inProcessApp } from './support/in-process.js';

const options = benchOptions({ dialects: 'sqlite', products: 100000, bids: 1000000, files: 200, runs: 2 });
const AUCTIONS = 1000;
const PHOTO_BYTES = 200 * 1024;

async function insertAll<T extends keyof DB>(db: Kysely<DB>, table: T, rows: unknown[], per = 500) {
  for (let i = 0; i < rows.length; i += per)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + per) as never)
      .execute();
}

async function seed(db: Kysely<DB>, dataDir: string): Promise<void> {
  const at = new Date().toISOString();
  const people = Array.from({ length: 100 }, (_, i) =>
    verifiedUserRow({ id: crypto.randomUUID(), email: `b${i}@bench.test`, username: `bidder${i}` }, at),
  );
  await insertAll(db, 'users', people);
  const seller = people[0]!.id;
  await insertAll(
    db,
    'products',
    Array.from({ length: options.products }, (_, i) => productValues(seller, { price: 1000 + i })),
  );
  const auctions = Array.from({ length: AUCTIONS }, () =>
    auctionValues({ sellerId: seller, status: 'open', startingBid: 1000 }),
  );
  await insertAll(db, 'auctions', auctions);
  const perAuction = Math.ceil(options.bids / AUCTIONS);
  for (const [n, auction] of auctions.entries()) {
    const bids = Array.from({ length: Math.min(perAuction, options.bids - n * perAuction) }, (_, i) => ({
      at: new Date(Date.parse(at) - (perAuction - i) * 1000).toISOString(),
      amount: 1000 + i * 100,
    }));
    // One transaction an auction: SQLite would otherwise sync every statement.
    await db.transaction().execute((trx) =>
      insertAll(
        trx,
        'bids',
        bidValues(auction.id as string, people[1 + (n % 99)]!.id, bids).map((b, i) => ({
          ...b,
          bidder_id: people[1 + ((n + i) % 99)]!.id,
        })),
        2000,
      ),
    );
  }
  const photos = path.join(dataDir, 'uploads', 'public', 'products');
  fs.mkdirSync(photos, { recursive: true });
  for (let i = 0; i < options.files; i++)
    fs.writeFileSync(path.join(photos, `${crypto.randomUUID()}.webp`), crypto.randomBytes(PHOTO_BYTES));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sizeOf = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((rel) => fs.statSync(path.join(dir, rel)))
    .filter((s) => s.isFile())
    .reduce((sum, s) => sum + s.size, 0);

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_restore_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DEFAULT_PG });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(DEFAULT_PG);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function run(dialect: Dialect): Promise<void> {
  const database = await benchDatabase(dialect);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-backups-'));
  try {
    const seeding = performance.now();
    const souq = await inProcessApp(database.env);
    await seed(souq.database.db, database.dataDir);
    await souq.app.close();
    console.log(`${dialect}: seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
    const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent' });
    const live =
      config.database.kind === 'sqlite'
        ? fs.statSync(config.database.file).size +
          (fs.existsSync(`${config.database.file}-wal`) ? fs.statSync(`${config.database.file}-wal`).size : 0)
        : undefined;
    for (let r = 1; r <= options.runs; r++) {
      let started = performance.now();
      const backup = await createBackup(config, scratch);
      const backupS = (performance.now() - started) / 1000;

      const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-target-'));
      const pgTarget = dialect === 'postgres' ? await freshPostgres() : undefined;
      try {
        const target = loadConfig({
          DATA_DIR: targetDir,
          LOG_LEVEL: 'silent',
          ...(pgTarget ? { DATABASE_URL: pgTarget.url, DATABASE_SCHEMA: database.env.DATABASE_SCHEMA } : {}),
        });
        started = performance.now();
        await restoreBackup(target, backup, { force: false });
        const restoreS = (performance.now() - started) / 1000;
        console.log(
          `${dialect} run ${r}: backup ${backupS.toFixed(1)} s, restore ${restoreS.toFixed(1)} s; ` +
            `${live ? `live database ${mb(live)}, ` : ''}backup ${mb(sizeOf(backup))} ` +
            `(${options.products} products, ${options.bids} bids, ${options.files} files of ${PHOTO_BYTES / 1024} KB); load ${os.loadavg()[0]!.toFixed(1)}`,
        );
      } finally {
        await pgTarget?.drop();
        fs.rmSync(targetDir, { recursive: true, force: true });
        fs.rmSync(backup, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    await database.drop();
  }
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${os.cpus().length} cpus`,
);
for (const dialect of options.dialects.split(',') as Dialect[]) await run(dialect);
