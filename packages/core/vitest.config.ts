import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The property tests run hundreds of generated cases each; `pnpm test` runs them beside the
    // end-to-end project's browser and app, where 5 s is too short for the largest.
    testTimeout: 20_000,
  },
});
