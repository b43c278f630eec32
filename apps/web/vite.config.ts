import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './build/compile-catalogs';

/**
 * The stylesheet before the scripts in the page's head. The server speaks HTTP/1.1, and a browser
 * opens six connections to it: listed after seventeen module preloads, the render-blocking
 * stylesheet waited for a free connection while code that runs only after the first paint took
 * them.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'souq:stylesheet-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const firstScript = html.search(/[ \t]*<script type="module"/);
        if (!links.length || firstScript < 0) return html;
        const rest = links.reduce((page, link) => page.replace(link, ''), html);
        const at = rest.search(/[ \t]*<script type="module"/);
        return rest.slice(0, at) + links.join('') + rest.slice(at);
      },
    },
  };
}

/**
 * dist/sw.js from src/sw.ts (ADR 0058), with the list of files it keeps for offline use: the
 * build's scripts and styles, the offline pages and the icons. Not the source maps nor the .br and
 * .gz copies beside each file (the server picks those per request), nor index.html (the server
 * writes each page in its language), nor the map's code, a quarter of a megabyte only the delivery
 * map needs and that cannot work offline anyway. The manifests are ours, one per language
 * (public/manifest.*.webmanifest, linked by the server), and the app registers the worker itself.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['assets/*.{js,css}', 'offline.*.html', 'offline.{css,js}', 'icons/*.png', 'images/*.svg'],
      globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'index.html', 'assets/map-loader-*', 'assets/maplibre-*'],
    },
  });
}

/**
 * The modules the entry's lazy first screens share (the shop, a product): measured with
 * `npm run bench:vitals`, which lists none of them as its own file while this holds.
 */
const FIRST_VISIT_SHARED = new RegExp(
  [
    String.raw`src[\/]components[\/](gate-errors|Money|category-names|Modal|Skeleton|EmptyState|ErrorState|LoadMore|Stars)\.tsx?$`,
    String.raw`src[\/]api[\/](keys|usePaged|client|contract)\.ts$`,
    String.raw`src[\/]features[\/]auth[\/](leave|api)\.ts$`,
    String.raw`shared[\/]src[\/](paths|categories|product-sorts|numbers|money|messages(-[a-z]+)?)\.ts$`,
    String.raw`shared[\/]src[\/]i18n[\/](locale|localize)\.ts$`,
    String.raw`src[\/]i18n[\/](catalogs[\/]index|LocaleProvider|useT|rich)\.tsx?$`,
    String.raw`node_modules[\/]@lingui[\/]react[\/]`,
  ].join('|'),
);

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [
    react(),
    compiledCatalogs(),
    stylesheetFirst(),
    // Scripts and styles compressed once, at their best, for the server to send as they are
    // (@fastify/static's preCompressed): smaller than compressing each download on the fly.
    // The server's bundle (dist-ssr, ADR 0025) is read from disk by Node, never downloaded.
    !isSsrBuild &&
      compression({
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        exclude: [/\.html$/],
      }),
    !isSsrBuild && serviceWorker(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The images and sounds are served from dist/; the server's bundle needs none of them.
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    // Which chunks each page needs, for the server to name them in a rendered page (ADR 0025).
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs React, the router and TanStack Query: one file rather than the six
          // pieces the bundler would cut them into, each a round trip on a phone's connection.
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ },
            // What the shop's first visit needs besides the entry: one file, not eighteen. Each was
            // a few hundred bytes of script under a few hundred bytes of headers (issue 11's
            // budget counts both), and each was another request on a phone's connection.
            { name: 'shell', test: FIRST_VISIT_SHARED, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
