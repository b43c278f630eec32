import fs from 'node:fs';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { CHROMIUM } from './support/chromium.js';

/** The browser suite needs the built app and Debian's Chromium; under CI both must be there. */
export default function setup(): void {
  buildWebIfStale();
  if (!fs.existsSync(CHROMIUM)) {
    const why = `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium).`;
    if (process.env.CI === 'true') throw new Error(why);
    console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING the end-to-end browser suite. ${why}\n${'!'.repeat(78)}\n`);
  }
}
