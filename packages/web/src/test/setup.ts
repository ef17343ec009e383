import 'reflect-metadata';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages and menus are lazy chunks: the first test of a file waits for vitest to transform them,
// which on a loaded 2-core CI machine once took longer than 5 s. A wait that succeeds ends at once;
// only a failing one lasts this long.
configure({ asyncUtilTimeout: 10_000 });

// Tests do not use vitest globals, so testing-library's automatic cleanup does not run.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
