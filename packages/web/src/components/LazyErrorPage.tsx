import { Suspense, lazy, type ComponentProps } from 'react';
import { retryImport } from './lazy-retry';

// Errors are rare: the page that shows one loads when needed, not with every visit's entry.
// Retried as a whole module (retryImport), then its component taken.
const ErrorPage = lazy(() => retryImport(() => import('./ErrorPage'))().then(({ ErrorPage: page }) => ({ default: page })));

/** The error page of SPEC.md §2, loaded on demand. */
export function LazyErrorPage(props: ComponentProps<typeof ErrorPage>) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
