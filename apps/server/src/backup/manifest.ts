import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { BackupError } from './backup-error.js';

/** Bumped when a backup's layout changes in a way an older restore would misread. */
export const FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

const FileEntry = z.object({
  path: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const ManifestSchema = z.object({
  format: z.literal('souq-backup'),
  version: z.number().int().min(1),
  dialect: z.enum(['sqlite', 'postgres']),
  /** The name of the last migration applied to the database copy. */
  migration: z.string().min(1),
  createdAt: z.string(),
  /** The database copy's path in the backup: a SQLite file, or pg_dump's custom format. */
  database: z.string().min(1),
  /** PostgreSQL: the schema dumped, which a restore recreates under the same name. */
  schema: z.string().optional(),
  /** PostgreSQL: the database's extensions (a schema's dump leaves them out), made again by a restore. */
  extensions: z.array(z.object({ name: z.string().min(1), schema: z.string().min(1) })).optional(),
  /** Disk: the stored files are under `dir`. S3: `keys` lists the bucket's keys the rows need. */
  storage: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('disk'), dir: z.string().min(1) }),
    z.object({ kind: z.literal('s3'), bucket: z.string(), keys: z.string().min(1) }),
  ]),
  /** Every file of the backup but this manifest, with its size and checksum. */
  files: z.array(FileEntry),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestFile = z.infer<typeof FileEntry>;

export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Checksums every file under `dir` and writes the manifest beside them, last. */
export async function writeManifest(
  dir: string,
  fields: Omit<Manifest, 'files' | 'format' | 'version'>,
): Promise<Manifest> {
  const files: ManifestFile[] = [];
  for (const rel of await filesUnder(dir)) {
    const full = path.join(dir, rel);
    files.push({ path: rel, bytes: (await fsp.stat(full)).size, sha256: await sha256File(full) });
  }
  const manifest: Manifest = { format: 'souq-backup', version: FORMAT_VERSION, ...fields, files };
  await fsp.writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The manifest of the backup at `dir`, refused when it is missing, unreadable or from a newer Souq. */
export async function readManifest(dir: string): Promise<Manifest> {
  const stat = await fsp.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) throw new BackupError(`No backup at ${dir}: give the directory \`npm run backup\` printed`);
  const text = await fsp.readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) throw new BackupError(`${dir} is not a Souq backup: it has no ${MANIFEST_FILE}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is damaged: it is not JSON`);
  }
  const version = (json as { version?: unknown })?.version;
  if (typeof version === 'number' && version > FORMAT_VERSION)
    throw new BackupError(
      `${dir} is in backup format ${version}, newer than this Souq reads (${FORMAT_VERSION}): restore it with a newer Souq`,
    );
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError(
      `${path.join(dir, MANIFEST_FILE)} is damaged: ${parsed.error.issues[0]?.path.join('.')} is wrong`,
    );
  return parsed.data;
}

/** Every file the manifest lists is there, whole and unchanged; nothing is written. */
export async function verifyChecksums(dir: string, manifest: Manifest): Promise<void> {
  for (const entry of manifest.files) {
    const full = path.resolve(dir, entry.path);
    if (!full.startsWith(path.resolve(dir) + path.sep))
      throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is damaged: it lists ${entry.path}, outside the backup`);
    const stat = await fsp.stat(full).catch(() => undefined);
    if (!stat?.isFile()) throw new BackupError(`Backup ${dir} is incomplete: ${entry.path} is missing`);
    if (stat.size !== entry.bytes)
      throw new BackupError(
        `Backup ${dir} is damaged: ${entry.path} has ${stat.size} bytes, the manifest says ${entry.bytes} (truncated or changed)`,
      );
    if ((await sha256File(full)) !== entry.sha256)
      throw new BackupError(`Backup ${dir} is damaged: ${entry.path} does not match its sha256 checksum`);
  }
  for (const needed of [manifest.database, manifest.storage.kind === 's3' ? manifest.storage.keys : undefined])
    if (needed && !manifest.files.some((f) => f.path === needed))
      throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is damaged: it does not list ${needed}`);
}
