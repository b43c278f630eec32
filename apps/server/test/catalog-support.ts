import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { DB } from '../src/db/schema.js';
import type { TestApp } from './support.js';
import { verifiedUserRow } from './fixtures/users.js';
import { productValues } from './fixtures/products.js';

export { productValues };

/** A signed-in user: the cookie is what their browser would send. */
export interface TestUser {
  id: string;
  username: string;
  email: string;
  cookie: string;
}

const uniqueName = () => `u${crypto.randomBytes(5).toString('hex')}`;

/**
 * An account (argon2-hashed, ~50 ms) with a session, without going through the mail: the
 * account suites test sign-up and sign-in; here we only need someone to act as.
 */
export async function createUser(t: TestApp, opts: { verified?: boolean; username?: string } = {}): Promise<TestUser> {
  const username = opts.username ?? uniqueName();
  const row = await t.accounts.createAccountDirectly({
    email: `${username.toLowerCase()}@example.com`,
    username,
    phone: '0501234567',
    password: 'secret-pass',
    verified: opts.verified ?? true,
  });
  const session = await t.accounts.createSession(row.id);
  return { id: row.id, username, email: row.email, cookie: `souq_sid=${session.token}` };
}

/** Many verified users at once for crowd tests: rows written directly, no password (nothing to hash). */
export async function createCrowd(t: TestApp, n: number): Promise<TestUser[]> {
  const at = new Date().toISOString();
  const users = Array.from({ length: n }, () => {
    const username = uniqueName();
    return { id: crypto.randomUUID(), username, email: `${username}@example.com` };
  });
  await t.database.db
    .insertInto('users')
    .values(users.map((u) => verifiedUserRow(u, at)))
    .execute();
  return Promise.all(
    users.map(async (u) => ({ ...u, cookie: `souq_sid=${(await t.accounts.createSession(u.id)).token}` })),
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as the web app makes it: JSON or a FormData body, and the session cookie if any. */
export function call(
  t: Pick<TestApp, 'app'>,
  method: Method,
  url: string,
  opts: { user?: TestUser | null; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...opts.headers, ...(opts.user ? { cookie: opts.user.cookie } : {}) },
    ...(opts.form
      ? { payload: opts.form as unknown as object }
      : opts.json !== undefined
        ? { payload: opts.json as object }
        : {}),
  });
}

type Rgb = { r: number; g: number; b: number };
const imageCache = new Map<string, Promise<Buffer>>();

/** A plain-colour test picture, made once per process for each shape. */
export function testImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  width = 64,
  height = 48,
  background: Rgb = { r: 200, g: 40, b: 40 },
): Promise<Buffer> {
  const key = `${format}:${width}x${height}:${background.r},${background.g},${background.b}`;
  let image = imageCache.get(key);
  if (!image) {
    image = sharp({ create: { width, height, channels: 3, background } })
      [format]()
      .toBuffer();
    imageCache.set(key, image);
  }
  return image;
}

/** A JPEG carrying EXIF that must not survive upload. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-copyright', Artist: 'Secret Artist' } } })
    .toBuffer();
}

/** A minimal but well-formed PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** Every field of the add-product form filled in correctly; prices in fils, as the form sends them. */
export const VALID_PRODUCT: Record<string, string> = {
  title: 'Seiko Diver 200m',
  description: 'Automatic dive watch, barely worn, with box.',
  category: 'Watches',
  price: '125000',
  previousPrice: '150000',
  condition: 'used',
  brand: 'Seiko',
  dimensions: '42x46x13',
  weight: '0.15',
  countryOfOrigin: 'Japan',
  keywords: 'Diver, Automatic',
};

export interface FilePart {
  field: string;
  data: Buffer;
  filename?: string;
  type?: string;
}

/** The multipart form the add-product page posts. Array values become repeated fields; undefined ones are left out. */
export function productForm(fields: Record<string, string | string[] | undefined>, files: FilePart[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const f of files)
    form.append(
      f.field,
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }),
      f.filename ?? `${f.field}.png`,
    );
  return form;
}

export async function imageParts(count: number): Promise<FilePart[]> {
  const png = await testImage('png');
  return Array.from({ length: count }, (_, i) => ({ field: 'images', data: png, filename: `photo-${i}.png` }));
}

/** Adds a product through the API (multipart, real image processing) and returns its id. */
export async function createProduct(
  t: TestApp,
  user: TestUser,
  fields: Record<string, string | string[] | undefined> = {},
  files?: FilePart[],
): Promise<string> {
  const res = await call(t, 'POST', '/api/products', {
    user,
    form: productForm({ ...VALID_PRODUCT, ...fields }, files ?? (await imageParts(1))),
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/products answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** Writes product rows directly (see productValues) and returns their ids. */
export async function insertProducts(
  t: TestApp,
  ownerId: string,
  products: Array<Parameters<typeof productValues>[1]>,
): Promise<string[]> {
  const rows = products.map((p) => productValues(ownerId, p));
  for (let i = 0; i < rows.length; i += 500)
    await t.database.db
      .insertInto('products')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.map((r) => r.id);
}

export async function insertProduct(
  t: TestApp,
  ownerId: string,
  p: Parameters<typeof productValues>[1] = {},
): Promise<string> {
  return (await insertProducts(t, ownerId, [p]))[0]!;
}

/** Every file under DATA_DIR/uploads, relative to it (temp files included: none may be left). */
export function uploadedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(root, rel)).isFile())
    .map((rel) => rel.split(path.sep).join('/'))
    .sort();
}

export function readUpload(t: TestApp, rel: string): Buffer {
  return fs.readFileSync(path.join(t.config.dataDir, 'uploads', rel));
}

export async function countOf(t: TestApp, table: keyof DB): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function productRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export function userRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** WebP files start with RIFF, a length, then WEBP. */
export function isWebp(data: Buffer): boolean {
  return data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';
}
