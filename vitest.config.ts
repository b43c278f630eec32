import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker. Most files here wait on a database, a socket or
    // a timer far more than they compute: three at a time took the unit run from 584 s to about 410 s.
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app and database, so files need no fresh module graph; importing
          // the server's (Fastify, Kysely, sharp, Socket.IO) once per worker rather than once per file
          // took the suite from 132 to 97 s here.
          isolate: false,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts', 'e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One file at a time: two at once (even a busy one beside a quiet one) doubled each file's
          // time on two cores and failed the "within a second" and polling checks (measured 2026-11-30).
          fileParallelism: false,
          // Tests a file marks concurrent (the accessibility walks) run three at a time: each is mostly
          // waiting for pages to settle, and two cores run three browser pages without starving them.
          maxConcurrency: 3,
          pool: 'forks',
        },
      },
    ],
  },
});
