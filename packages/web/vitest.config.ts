import { configDefaults, defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Files that replace a module with vi.mock. In a worker that keeps its modules from one file to
 * the next, such a mock would miss a page an earlier file already imported and stay registered
 * for the files after it: these few run in `web-isolated` (vitest.isolated.config.ts), each in
 * a fresh module graph.
 */
export const MOCKING_FILES = ['src/pages/EventPage.test.tsx', 'src/pages/MapPage.test.tsx', 'src/features/people/FollowButton.loading.test.tsx'];

export const webTest = {
  environment: 'happy-dom',
  include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
  setupFiles: ['./src/test/setup.ts'],
  // Lazy pages compile on first import: generous on a loaded 2-core machine.
  testTimeout: 20_000,
};

export default defineProject({
  plugins: [react()],
  test: {
    ...webTest,
    name: 'web',
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    // React, testing-library, happy-dom and the app's modules are imported once per worker, not
    // once per file (most of the project's CPU time). What a test changes in the shared window or in a
    // module is put back by src/test/setup.ts after every test.
    isolate: false,
  },
});
