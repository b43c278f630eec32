import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../src/backup/manifest.js';
import { createFakeClock } from '../src/lib/clock.js';
import { DIALECTS, startSiblingApp, startTestApp, type TestApp } from './support.js';

const HOUR = 3_600_000;
const JOB = 'backup.scheduled';
const AGE = 'souq_backup_last_success_age_seconds';

const backupsIn = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, MANIFEST_FILE)))
    .sort();

async function ageOf(t: Pick<TestApp, 'metrics'>): Promise<number> {
  const metric = await t.metrics.registry.getSingleMetric(AGE)!.get();
  return metric.values[0]!.value;
}

/**
 * Backups the server takes itself when BACKUP_DIR is set: every BACKUP_EVERY_HOURS by one
 * instance of a cluster, keeping BACKUP_KEEP, with the last success's age as a metric and a log
 * line when one fails.
 */
describe.each(DIALECTS)('scheduled backups (%s)', (dialect) => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-scheduled-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('on two instances of one site', () => {
    const clock = createFakeClock('2026-11-29T03:00:00.000Z');
    let t: TestApp;
    let sibling: Awaited<ReturnType<typeof startSiblingApp>>;
    let dir: string;
    beforeAll(async () => {
      dir = scratch();
      t = await startTestApp(dialect, { backup: { to: dir, everyMs: HOUR, keep: 2 } }, { clock });
      sibling = await startSiblingApp(t, {}, { clock });
    });
    afterAll(async () => {
      await sibling?.close();
      await t?.close();
    });
    const settle = async () => {
      await t.jobs.runNow(JOB);
      await sibling.jobs.runNow(JOB);
    };

    it('takes one backup per period between them, keeps the newest BACKUP_KEEP, and reports its age on both', async () => {
      await settle();
      expect(backupsIn(dir)).toHaveLength(1);
      expect(await ageOf(t)).toBe(0);
      clock.advance(HOUR / 2);
      await settle();
      expect(backupsIn(dir)).toHaveLength(1);
      expect(await ageOf(t)).toBe(1800);
      expect(await ageOf(sibling)).toBe(1800);

      clock.advance(HOUR / 2);
      await settle();
      expect(backupsIn(dir)).toHaveLength(2);
      const [, second] = backupsIn(dir);
      clock.advance(HOUR);
      await settle();
      const kept = backupsIn(dir);
      expect(kept).toHaveLength(2);
      expect(kept[0]).toBe(second);
      expect(kept[1]).toMatch(/^souq-backup-2026-11-29T05-00-00-000Z-/);
      expect(await ageOf(sibling)).toBe(0);
      const row = await t.database.db.selectFrom('backup_schedule').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ claimed_until: null, last_backup: path.join(dir, kept[1]!) });
    });
  });

  it('says so in the log when a backup fails, tries again later, and lets the age grow', async () => {
    const clock = createFakeClock('2026-11-29T03:00:00.000Z');
    const notADirectory = path.join(scratch(), 'a-file');
    fs.writeFileSync(notADirectory, '');
    const lines: string[] = [];
    const t = await startTestApp(
      dialect,
      { backup: { to: notADirectory, everyMs: HOUR, keep: 7 }, logLevel: 'info' },
      { clock, logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      // The run at start has finished once another has run after it (that one finds the retry not due).
      await t.jobs.runNow(JOB);
      const failures = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50);
      expect(failures).toHaveLength(1);
      const failure = failures[0]!;
      expect(failure.msg).toMatch(
        new RegExp(
          `^scheduled backup into ${notADirectory} failed: Cannot write backups to .*; trying again in 15 min$`,
        ),
      );
      const row = await t.database.db.selectFrom('backup_schedule').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ last_success_at: null, claimed_until: '2026-11-29T03:15:00.000Z' });
      clock.advance(HOUR);
      expect(await ageOf(t)).toBe(3600);
    } finally {
      await t.close();
    }
  });
});
