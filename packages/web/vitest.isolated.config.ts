import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { MOCKING_FILES, webTest } from './vitest.config.ts';

/** The web files that mock a module with vi.mock, each in its own module graph (see vitest.config.ts). */
export default defineProject({
  plugins: [react()],
  test: { ...webTest, name: 'web-isolated', include: MOCKING_FILES, isolate: true },
});
