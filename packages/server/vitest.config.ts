import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One PGlite database with migrations and demo data, dumped once per run and loaded by each file.
    globalSetup: ['./src/testing/global-setup.ts'],
    // A bound against a hang: the CI's machine has run twice as slow as a quiet one, and several
    // tests (a backup, a fan-out stopped midway) take 15–25 s on a quiet one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker imports Fastify, PGlite, socket.io and the app's modules once, not once per file;
    // setup-file.ts puts back after each file what a file may change (timers, mocks, env).
    isolate: false,
    setupFiles: ['./src/testing/setup-file.ts'],
  },
});
