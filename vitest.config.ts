import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/build-once.ts'],
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: a single worker on the 2-core machines
    // this judge is built and checked on. Most test files spend their time waiting on PostgreSQL,
    // Dovecot, an SMTP capture or a child process; two workers overlap those waits. Test files
    // never share a port, a directory or a database, so they may run side by side.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
