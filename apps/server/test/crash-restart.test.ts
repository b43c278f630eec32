import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCookie, PROCESS_TEST_MS, startServerProcess, stopServerProcess } from './server-process.js';
import { eventually } from './support.js';

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(dir, rel)).isFile())
    .sort();
}

/** A product form whose photo is still arriving: the request stays open until the server dies. */
function unfinishedUpload(base: string, cookie: string): http.ClientRequest {
  const boundary = `----souq${crypto.randomBytes(8).toString('hex')}`;
  const request = http.request(`${base}/api/products`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  request.on('error', () => undefined);
  request.write(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nNever finished\r\n`);
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  request.write(crypto.randomBytes(1024 * 1024));
  return request;
}

/**
 * Issue 7, item 5: after kill -9 under load, uploads held 94 files nobody referenced, 23 of them
 * half-written. Killed mid-upload, the server restarts and its start-up sweep removes what the
 * crash left once it is an hour old, and keeps every file a row names.
 */
describe('a server killed mid-upload and started again (SQLite)', { timeout: PROCESS_TEST_MS }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-crash-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('sweeps what the crash left at start-up', async () => {
    const uploads = path.join(dataDir, 'uploads');
    const incoming = path.join(dataDir, 'tmp', 'uploads');
    const first = await startServerProcess(dataDir);
    const referenced = filesUnder(uploads);
    expect(referenced.length).toBeGreaterThan(0);

    const cookie = await demoCookie(first.base, 'amira@souq.test');
    const requests = Array.from({ length: 4 }, () => unfinishedUpload(first.base, cookie));
    await eventually(() => expect(filesUnder(incoming)).toHaveLength(4), 10_000);
    first.child.kill('SIGKILL');
    await first.done;
    for (const request of requests) request.destroy();
    const halfWritten = filesUnder(incoming);
    expect(halfWritten.every((f) => f.endsWith('.tmp'))).toBe(true);

    // What a kill between writing a product's photos and saving its row leaves (timing one is luck).
    const orphan = crypto.randomUUID();
    for (const rel of [
      `public/products/${orphan}.webp`,
      `public/products/${orphan}-thumb.webp`,
      `public/products/${crypto.randomUUID()}.webp.0badc0de.tmp`,
    ]) {
      fs.writeFileSync(path.join(uploads, rel), 'left by the crash');
    }
    // An hour later.
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const [dir, files] of [
      [uploads, filesUnder(uploads)],
      [incoming, filesUnder(incoming)],
    ] as const) {
      for (const rel of files) fs.utimesSync(path.join(dir, rel), old, old);
    }

    const second = await startServerProcess(dataDir);
    try {
      // The sweep logs after its last removal, and the line crosses a pipe: wait for it too.
      await eventually(() => {
        expect(filesUnder(incoming)).toEqual([]);
        expect(filesUnder(uploads)).toEqual(referenced);
        expect(second.output()).toMatch(/orphan sweep: removed 7 unreferenced or half-written files/);
      }, 10_000);
      const shop = (await (await fetch(`${second.base}/api/products`)).json()) as {
        items: Array<{ image: { url: string } }>;
      };
      for (const item of shop.items.slice(0, 3))
        expect((await fetch(`${second.base}${item.image.url}`)).status).toBe(200);
    } finally {
      expect((await stopServerProcess(second)).code).toBe(0);
    }
  });
});
