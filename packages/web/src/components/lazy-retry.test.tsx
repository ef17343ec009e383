import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadFailure } from './ChunkLoadFailure';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { ChunkLoadError, isChunkLoadError, lazy, retryImport } from './lazy-retry';

const chromium = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/ResourceListPage-a1b2.js');
// Safari names no chunk: its second try runs the same import again.
const safari = () => new TypeError('Importing a module script failed.');
const Page = () => <h1>La page</h1>;

describe('a chunk that fails to download', () => {
  it('is recognised from what Chromium, Firefox, Safari and Vite say, and nothing else is', () => {
    expect(isChunkLoadError(chromium())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://localhost/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError(chromium()))).toBe(true);
    expect(isChunkLoadError(new Error('Internal Server Error'))).toBe(false);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('is asked for a second time at a new address, which Chromium downloads afresh, and that download is what the page gets', async () => {
    const load = vi.fn<() => Promise<{ default: string }>>().mockRejectedValueOnce(chromium());
    const importAgain = vi.fn<(address: string) => Promise<unknown>>().mockResolvedValueOnce({ default: 'module' });
    await expect(retryImport(load, importAgain)()).resolves.toEqual({ default: 'module' });
    expect(load).toHaveBeenCalledTimes(1);
    // Chromium keeps the failed module under its address: the same file, a query added, is asked of the network.
    expect(importAgain).toHaveBeenCalledWith(expect.stringMatching(/^http:\/\/localhost\/assets\/ResourceListPage-a1b2\.js\?retry$/));
  });

  it('runs the same import again where the browser names no chunk (Safari)', async () => {
    const load = vi.fn<() => Promise<{ default: string }>>().mockRejectedValueOnce(safari()).mockResolvedValueOnce({ default: 'module' });
    const importAgain = vi.fn<(address: string) => Promise<unknown>>();
    await expect(retryImport(load, importAgain)()).resolves.toEqual({ default: 'module' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(importAgain).not.toHaveBeenCalled();
  });

  it('is asked for twice at most; the second failure is a ChunkLoadError carrying the browser’s own', async () => {
    const second = chromium();
    const load = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(chromium());
    const importAgain = vi.fn<(address: string) => Promise<unknown>>().mockRejectedValueOnce(second);
    const failure = await retryImport(load, importAgain)().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as ChunkLoadError).cause).toBe(second);
    expect([load.mock.calls.length, importAgain.mock.calls.length]).toEqual([1, 1]);
  });

  it('is not asked for again when its module downloaded but threw: that would fail the same way', async () => {
    const thrown = new ReferenceError('window is not defined');
    const load = vi.fn<() => Promise<unknown>>().mockRejectedValue(thrown);
    await expect(retryImport(load)()).rejects.toBe(thrown);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the page when the second try succeeds, through lazy()', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Page }>>().mockRejectedValueOnce(safari()).mockResolvedValueOnce({ default: Page });
    const Lazy = lazy(load);
    render(
      <ErrorBoundary resetKey="page">
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </ErrorBoundary>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('La page');
  });

  it('offers « Recharger la page » in French after the second failure, without the browser’s English message', async () => {
    const Lazy = lazy(() => Promise.reject(safari()));
    const onError = vi.fn();
    // React reports the error it caught on the console: expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary resetKey="page" onError={onError}>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </ErrorBoundary>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('La page n’a pas pu se charger');
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeTruthy();
    expect(document.body.textContent).toContain('Rechargez la page pour continuer.');
    expect(document.body.textContent).not.toMatch(/Failed to fetch|dynamically imported|Importing a module|Une erreur est survenue/);
    expect(onError).toHaveBeenCalledWith(expect.any(ChunkLoadError), expect.anything());
    quiet.mockRestore();
  });

  it('reloads the page when « Recharger la page » is pressed', async () => {
    const reload = vi.fn();
    render(<ChunkLoadFailure reload={reload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Recharger la page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
