// Writes apps/web/public/sounds/outbid.wav: the short two-note chime played when a bidder is
// outbid. Synthesised here (sine tones with soft harmonics and a bell-like decay), so the app
// ships its own sound and nothing is downloaded. Run: node scripts/make-chime.mjs
import fs from 'node:fs';
import path from 'node:path';
import { root } from './build-web.mjs';

const RATE = 22_050;
const SECONDS = 0.9;
const NOTES = [
  { hz: 880, at: 0 }, // A5
  { hz: 1318.51, at: 0.13 }, // E6, a fifth above: bright, not alarming
];

const samples = new Float64Array(Math.round(RATE * SECONDS));
for (const { hz, at } of NOTES) {
  const start = Math.round(at * RATE);
  for (let i = start; i < samples.length; i++) {
    const t = (i - start) / RATE;
    const attack = Math.min(1, t / 0.005);
    const decay = Math.exp(-t / 0.22);
    const tone =
      Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t) + 0.08 * Math.sin(6 * Math.PI * hz * t);
    samples[i] += attack * decay * tone;
  }
}
// A 30 ms fade at the end so it never clicks.
const fade = Math.round(0.03 * RATE);
for (let i = 0; i < fade; i++) samples[samples.length - 1 - i] *= i / fade;

const peak = Math.max(...samples.map(Math.abs));
const pcm = Buffer.alloc(samples.length * 2);
samples.forEach((s, i) => pcm.writeInt16LE(Math.round((s / peak) * 0.6 * 32767), i * 2));

const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + pcm.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // bytes per second
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(pcm.length, 40);

const out = path.join(root, 'apps/web/public/sounds/outbid.wav');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, Buffer.concat([header, pcm]));
console.log(`wrote ${path.relative(root, out)} (${header.length + pcm.length} bytes)`);
