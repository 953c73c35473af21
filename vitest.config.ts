import { defineConfig } from 'vitest/config';

// Test files that replace a module of the judge (vi.mock) run in a process of their own: the
// replacement must not reach the files that run after them.
const OWN_PROCESS = ['test/judge/adjudications-per-mail.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/build-once.ts'],
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: a single worker on the 2-core machines
    // this judge is built and checked on. Most test files spend their time waiting on PostgreSQL,
    // Dovecot, an SMTP capture or a child process; two workers overlap those waits. Test files
    // never share a port, a directory or a database, so they may run side by side.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: OWN_PROCESS,
          // Each worker keeps its modules from one test file to the next instead of loading the
          // judge again for each (and PGlite's compiled WebAssembly with them): a third of the
          // suite's CPU went to loading. Test files hold no module state another file reads.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS } },
    ],
  },
});
