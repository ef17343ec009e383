import { createContext, useContext, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { LOADING_BAR } from '@sortie/core';
import { LoadingBarStore } from '../state/loading-bar.store';

const LoadingBarContext = createContext<LoadingBarStore | null>(null);
export const LoadingBarProvider = LoadingBarContext.Provider;

export function useLoadingBar(): LoadingBarStore {
  const store = useContext(LoadingBarContext);
  if (!store) throw new Error('LoadingBarProvider is missing above this component.');
  return store;
}

/** The thin white bar at the top of the window while a page loads. */
export function LoadingBar() {
  const { visible, progress } = useSnapshot(useLoadingBar().state);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Chargement de la page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60]"
      style={{ height: LOADING_BAR.heightPx }}
    >
      <div
        className="h-full transition-[width] duration-100 ease-linear"
        style={{ width: `${progress}%`, backgroundColor: LOADING_BAR.colour, boxShadow: `0 0 8px ${LOADING_BAR.colour}` }}
      />
    </div>
  );
}

/** While it is mounted (a Suspense fallback, a page waiting for its data) the loading bar runs. */
export function PageLoading({ label = 'Chargement…' }: { label?: string }) {
  const store = useLoadingBar();
  useEffect(() => {
    store.start();
    return () => store.finish();
  }, [store]);
  return (
    <div className="flex min-h-[40vh] items-center justify-center" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
    </div>
  );
}
