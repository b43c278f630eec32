/**
 * The installed app's icons (ADR 0058), drawn from the favicon's shopping bag so the home screen,
 * the tab and the notifications show one mark. The PNGs are committed; run this again after
 * changing the mark:
 *
 *   npx tsx apps/web/build/icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#0f766e';
const HANDLE = '#fbbf24';
const out = path.join(import.meta.dirname, '..', 'public', 'icons');

/** The bag and its handle on a 64-unit grid, as favicon.svg draws them. */
const bag = (body: string, handle: string) =>
  `<path d="M20 26h24l-3 22H23z" fill="${body}"/>` +
  `<path d="M25 26a7 7 0 0 1 14 0" fill="none" stroke="${handle}" stroke-width="4" stroke-linecap="round"/>`;

const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${inner}</svg>`;

const ICONS: Record<string, { size: number; svg: string }> = {
  // Rounded like the favicon: launchers that do not mask icons show it as it is.
  'icon-192.png': {
    size: 192,
    svg: svg(`<rect width="64" height="64" rx="14" fill="${BRAND}"/>${bag('#fff', HANDLE)}`),
  },
  'icon-512.png': {
    size: 512,
    svg: svg(`<rect width="64" height="64" rx="14" fill="${BRAND}"/>${bag('#fff', HANDLE)}`),
  },
  // Full bleed: Android cuts its own shape out of it. The bag sits well inside the middle 80%
  // circle that every mask keeps.
  'icon-maskable-192.png': {
    size: 192,
    svg: svg(`<rect width="64" height="64" fill="${BRAND}"/>${bag('#fff', HANDLE)}`),
  },
  'icon-maskable-512.png': {
    size: 512,
    svg: svg(`<rect width="64" height="64" fill="${BRAND}"/>${bag('#fff', HANDLE)}`),
  },
  // iOS rounds the corners itself and shows transparency as black.
  'apple-touch-icon.png': {
    size: 180,
    svg: svg(`<rect width="64" height="64" fill="${BRAND}"/>${bag('#fff', HANDLE)}`),
  },
  // Android draws a notification's badge from its alpha channel only: a white bag, larger, on nothing.
  'badge-96.png': {
    size: 96,
    svg: svg(`<g transform="translate(32 32) scale(1.6) translate(-32 -32.5)">${bag('#fff', '#fff')}</g>`),
  },
};

fs.mkdirSync(out, { recursive: true });
for (const [name, icon] of Object.entries(ICONS)) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name} ${icon.size}×${icon.size}`);
}
