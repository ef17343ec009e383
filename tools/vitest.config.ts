import { defineProject } from 'vitest/config';

// ESLint's first run loads typescript-eslint's parser: seconds on a busy machine.
export default defineProject({ test: { name: 'tools', environment: 'node', include: ['**/*.test.ts'], testTimeout: 60_000 } });
