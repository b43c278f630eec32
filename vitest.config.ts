import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Browser files that drive video, several pages at once or a cluster (see the lanes below). */
const BUSY = [
  'e2e/a11y.test.ts',
  'e2e/arabic.test.ts',
  'e2e/cluster.test.ts',
  'e2e/janus.test.ts',
  'e2e/live-janus.test.ts',
  'e2e/live.test.ts',
  'e2e/rehearsal.test.ts',
  'e2e/replays.test.ts',
  'e2e/show-promotions.test.ts',
  'e2e/shows.test.ts',
  'e2e/spec-journeys/go-live.test.ts',
];

function e2eLane(name: string, files: { include: string[]; exclude?: string[] }): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      ...files,
      globalSetup: ['apps/server/test/global-setup.ts', 'e2e/global-setup.ts'],
      testTimeout: 90_000,
      hookTimeout: 120_000,
      fileParallelism: false,
      // Tests a file marks concurrent (the accessibility walks) run three at a time: each is mostly
      // waiting for pages to settle, and two cores run three browser pages without starving them.
      maxConcurrency: 3,
      pool: 'forks',
    },
  };
}

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
      // The browser suite in two lanes, one file at a time each, that `npm run test:e2e` runs side by
      // side (two Vitest processes: one process runs such projects one after the other). A browser
      // file mostly waits (timers, sockets, pages settling). The busy lane holds every file that
      // drives several pages or video at once, the quiet lane the rest, so two busy files never share
      // the cores and the "within a second" checks keep their margin.
      e2eLane('e2e', { include: ['e2e/**/*.test.ts'], exclude: [...configDefaults.exclude, ...BUSY] }),
      e2eLane('e2e-busy', { include: BUSY }),
    ],
  },
});
