import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The URLs of the chunks that source files need, theirs and what they import, from the build's manifest. */
export type PageChunks = (modules: string[]) => string[];

/**
 * Reads Vite's manifest of the web app's build (`build.manifest`), again whenever a rebuild
 * rewrites it. Without one (an older build) no page names its chunks: each fetches its code from
 * the entry, as before.
 */
export function pageChunks(webDist: string): PageChunks {
  const file = path.join(webDist, '.vite', 'manifest.json');
  let read: { mtimeMs: number; manifest: Manifest } | undefined;
  const manifest = (): Manifest => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return {};
    }
    if (read?.mtimeMs !== mtimeMs) read = { mtimeMs, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest };
    return read.manifest;
  };
  return (modules) => {
    const chunks = manifest();
    const urls = new Set<string>();
    const visit = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || urls.has(`/${chunk.file}`)) return;
      urls.add(`/${chunk.file}`);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of modules) visit(key);
    return [...urls];
  };
}
