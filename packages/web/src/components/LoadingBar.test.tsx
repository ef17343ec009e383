import { Suspense, lazy, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { advance } from '../test/timers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_BAR } from '@sortie/core';
import { LoadingBar, LoadingBarProvider, PageLoading } from './LoadingBar';
import { LoadingBarStore } from '../state/loading-bar.store';

function deferredPage() {
  let resolve!: (module: { default: ComponentType }) => void;
  const promise = new Promise<{ default: ComponentType }>((r) => (resolve = r));
  const Page = lazy(() => promise);
  return { Page, load: () => resolve({ default: () => <h1>Page chargée</h1> }) };
}

function renderTransition() {
  const store = new LoadingBarStore();
  const { Page, load } = deferredPage();
  render(
    <LoadingBarProvider value={store}>
      <LoadingBar />
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </LoadingBarProvider>,
  );
  return { load };
}

describe('LoadingBar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not show before the 200 ms throttle, then shows a 3 px white bar', async () => {
    renderTransition();
    await advance(LOADING_BAR.throttleMs - 1);
    expect(screen.queryByRole('progressbar')).toBeNull();

    await advance(1);
    const bar = screen.getByRole('progressbar', { name: 'Chargement de la page' });
    expect(bar.style.height).toBe('3px');
    expect((bar.firstElementChild as HTMLElement).style.backgroundColor).toMatch(/#ffffff|rgb\(255, 255, 255\)/);
  });

  it('crosses the screen over the 2000 ms duration without filling before the page is there', async () => {
    renderTransition();
    await advance(LOADING_BAR.throttleMs + LOADING_BAR.durationMs / 4);
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(25);
    await advance(LOADING_BAR.durationMs * 2);
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeLessThan(100);
  });

  it('never shows for a page that loads within the throttle', async () => {
    const { load } = renderTransition();
    await advance(100);
    await act(async () => load());
    expect(screen.getByRole('heading', { name: 'Page chargée' })).toBeTruthy();
    await advance(LOADING_BAR.durationMs);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('fills and goes away once the page has loaded', async () => {
    const { load } = renderTransition();
    await advance(500);
    await act(async () => load());
    expect(screen.getByRole('heading', { name: 'Page chargée' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await advance(300);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
