import 'reflect-metadata';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages and menus are lazy chunks: the first test of a file waits for vitest to transform them.
configure({ asyncUtilTimeout: 5000 });

// Tests do not use vitest globals, so testing-library's automatic cleanup does not run.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
