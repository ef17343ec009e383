import { Suspense, type ComponentProps } from 'react';
import { lazy } from './lazy-retry';

// Errors are rare: the page that shows one loads when needed, not with every visit's entry.
const ErrorPage = lazy(() => import('./ErrorPage').then(({ ErrorPage: page }) => ({ default: page })));

/** The error page of SPEC.md §2, loaded on demand. */
export function LazyErrorPage(props: ComponentProps<typeof ErrorPage>) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
