/** Debian's Chromium (never a downloaded browser): the browser suites and the benchmarks that drive one. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How Chromium is launched for the browser suites and the live video benchmark (docs/architecture.md, "Tests"). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** For live video: Chromium's fake camera and microphone, granted without asking, playing without a tap. */
export const FAKE_MEDIA_FLAGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];
