import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
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
