import { defineProject } from 'vitest/config';

// End-to-end scenarios in a real Chromium against the app started as the README starts it.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // One browser and one app for the whole project: files run one after the other.
    fileParallelism: false,
    // In one worker that keeps its modules (playwright-core, core's labels) from file to file,
    // instead of importing them again for each: the files share no module state but the browser's endpoint.
    isolate: false,
    // Runs after every other project, alone: it needs the whole machine for the app and Chromium.
    sequence: { groupOrder: 1 },
    // Tests marked concurrent (independent visits, a browser context each) run three at a time.
    maxConcurrency: 3,
    // A scenario's bound against a hang, not a figure of the product: each step waits with its own
    // bound. The CI's machine ran the bar night's 47 s scenario past 60 s on a slow day.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
