import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Scripts and styles compressed once, at their best, for the server to send as they are
    // (@fastify/static's preCompressed): smaller than compressing each download on the fly.
    // The server's bundle (dist-ssr, ADR 0025) is read from disk by Node, never downloaded.
    !isSsrBuild &&
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs React, the router and TanStack Query: one file rather than the six
          // pieces the bundler would cut them into, each a round trip on a phone's connection.
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ }],
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
