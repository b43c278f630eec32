import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The camera the browser suites film with: a small moving picture (320×180, 10 frames a second)
 * rather than Chromium's own 720p pattern. Five pages on one two-core machine each encoding or
 * decoding 720p left the pages too busy to show a bid within the second the spec asks for; a
 * person's own phone carries only their own page. The benchmarks keep Chromium's full-size pattern.
 */
const WIDTH = 320;
const HEIGHT = 180;
const FPS = 10;
const FRAMES = 20;

/** A raw YUV 4:2:0 clip (Y4M, which Chromium's file camera plays in a loop): a band sweeping across a gradient. */
function clip(): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const chroma = (WIDTH / 2) * (HEIGHT / 2);
  const frames: Buffer[] = [header];
  for (let f = 0; f < FRAMES; f++) {
    const y = Buffer.alloc(WIDTH * HEIGHT);
    const band = Math.floor((f / FRAMES) * WIDTH);
    for (let row = 0; row < HEIGHT; row++)
      for (let col = 0; col < WIDTH; col++)
        y[row * WIDTH + col] =
          Math.abs(col - band) < 24 ? 235 : 16 + Math.floor(((row + col) / (WIDTH + HEIGHT)) * 180);
    frames.push(Buffer.from('FRAME\n'), y, Buffer.alloc(chroma, 90 + f * 2), Buffer.alloc(chroma, 160 - f * 2));
  }
  return Buffer.concat(frames);
}

/** Chromium's flag for the small camera, written once per machine into the temporary directory. */
export function smallCameraFlag(): string {
  const file = path.join(os.tmpdir(), `souq-camera-${WIDTH}x${HEIGHT}-${FPS}-${FRAMES}.y4m`);
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, clip());
    fs.renameSync(partial, file);
  }
  return `--use-file-for-fake-video-capture=${file}`;
}
