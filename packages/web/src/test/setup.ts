import 'reflect-metadata';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Tests do not use vitest globals, so testing-library's automatic cleanup does not run.
afterEach(() => {
  cleanup();
});
