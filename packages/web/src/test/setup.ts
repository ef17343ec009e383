import 'reflect-metadata';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setTitleCount } from '../components/usePageTitle';

// Pages and menus are lazy chunks: the first test of a file waits for vitest to transform them,
// which on a loaded 2-core CI machine once took longer than 5 s. A wait that succeeds ends at once;
// only a failing one lasts this long.
configure({ asyncUtilTimeout: 10_000 });

/** Expires every cookie the page can see, as a new browser profile would have none. */
function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

// Tests do not use vitest globals, so testing-library's automatic cleanup does not run.
// The web project runs with isolate: false: one window and one set of modules serve every file of
// a worker, so whatever a test changed is put back here, before the next test or the next file.
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  history.replaceState(null, '', '/');
  setTitleCount(0);
  document.title = '';
});
