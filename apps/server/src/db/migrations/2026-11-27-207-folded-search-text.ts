import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Search understands Arabic (issue 29): products.search_text is now stored folded, as the app's
 * `foldForSearch` (packages/shared/src/text.ts) folds queries, so ساعه finds ساعة and ٢٥٦ finds
 * 256. Rows written before keep the old derivation (title, category and keywords lowercased, one per
 * line) and are rewritten here, a batch at a time, each line folded. Only rows whose text changes
 * are written: plain English folds to itself, so a mostly English catalog is mostly only read.
 * SQLite's FTS5 table follows through its update trigger (migration 003); PostgreSQL's trigram
 * index through the row update itself.
 *
 * `fold` below is a copy of foldForSearch as it stood on 2026-11-27, not an import: if the app's
 * fold changes later, rows must be refolded by a new migration with its own copy, and this one
 * must still do what it did.
 */

const BATCH = 500;

const FOLDS: Record<string, string> = {
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  '\u0671': '\u0627',
  '\u0624': '\u0648',
  '\u0626': '\u064A',
  '\u0649': '\u064A',
  '\u06CC': '\u064A',
  '\u0629': '\u0647',
  '\u06A9': '\u0643',
};
const VARIANTS = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'g');
const MARKS = /\u0640|[\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

function fold(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
    .replace(VARIANTS, (c) => FOLDS[c]!)
    .replace(MARKS, '')
    .replace(DIGITS, (d) => String(d.charCodeAt(0) - (d.charCodeAt(0) >= 0x06f0 ? 0x06f0 : 0x0660)))
    .replace(/\s+/g, ' ')
    .trim();
}

const folded = (lines: string[]) => lines.map(fold).join('\n');
const lowercased = (lines: string[]) => lines.join('\n').toLowerCase();

interface Row {
  id: string;
  title: string;
  category: string;
  keywords: string;
  search_text: string;
}

/** Rewrites every product's search_text from its words, in id order, BATCH rows a statement. */
async function rederive(db: Kysely<unknown>, derive: (lines: string[]) => string): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } =
      await sql<Row>`select id, title, category, keywords, search_text from products where id > ${after} order by id limit ${BATCH}`.execute(
        db,
      );
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    const changed = rows.flatMap((r) => {
      const text = derive([r.title, r.category, ...(JSON.parse(r.keywords) as string[])]);
      return text === r.search_text ? [] : [{ id: r.id, text }];
    });
    if (changed.length === 0) continue;
    // One statement per batch in SQL both databases speak (a CASE, not UPDATE … FROM VALUES).
    const cases = sql.join(
      changed.map((c) => sql`when ${c.id} then ${c.text}`),
      sql` `,
    );
    const ids = sql.join(changed.map((c) => sql`${c.id}`));
    await sql`update products set search_text = case id ${cases} end where id in (${ids})`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rederive(db, folded);
}

/** Back to the lowercased text the app wrote before (it searched with the query lowercased). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await rederive(db, lowercased);
}
