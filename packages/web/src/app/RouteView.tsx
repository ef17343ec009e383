import { Suspense, useEffect } from 'react';
import { lazy } from '../components/lazy-retry';
import { Redirect, useLocation, useSearch } from 'wouter';
import { matchRoute, type RouteMatch } from '@sortie/core';
import { LazyErrorPage as ErrorPage } from '../components/LazyErrorPage';
import { PageLoading } from '../components/LoadingBar';
import { DefaultLayout, LAYOUTS } from '../layouts/layouts';
import { ErrorBoundary } from './ErrorBoundary';
import { PAGES } from './page-registry';

// The guard reads the session: it comes with the services, not with the entry chunk.
const DashboardGuard = lazy(() => import('./DashboardGuard'));

/**
 * Says on the document that the page is drawn and answers (its effects run once React has
 * hydrated or rendered it): `html[data-page="ready"]`, which the end-to-end tests wait for
 * before they click, as a visitor's tap before then would not be heard.
 */
function PageReady({ path }: { path: string }) {
  useEffect(() => {
    document.documentElement.dataset['page'] = 'ready';
    return () => {
      delete document.documentElement.dataset['page'];
    };
  }, [path]);
  return null;
}

type Resolution = RouteMatch | { kind: 'redirect'; to: string } | { kind: 'error'; error: unknown };

function resolve(path: string): Resolution {
  try {
    return matchRoute(path);
  } catch (error) {
    // matchRoute's NotFoundError carries SPEC.md §8's exact message for the path.
    return { kind: 'error', error };
  }
}

/** The page of the current address, in its layout, through core's route table. */
export function RouteView({ onError }: { onError?: (error: unknown) => void }) {
  const [path] = useLocation();
  const search = useSearch();
  const resolution = resolve(path);

  if (resolution.kind === 'redirect') return <Redirect to={search ? `${resolution.to}?${search}` : resolution.to} replace />;
  if (resolution.kind === 'error') {
    return (
      <DefaultLayout>
        <ErrorPage error={resolution.error} />
        <PageReady path={path} />
      </DefaultLayout>
    );
  }

  const { route, params } = resolution;
  const Page = PAGES[route.name];
  const Layout = LAYOUTS[route.layout];
  const page = Page ? <Page route={route} params={params} /> : <ErrorPage error={new Error(`No page for route ${route.name}`)} />;
  // The guard reads the session, so it waits for the services inside the page's Suspense.
  // The outer Suspense waits for a lazily loaded layout (the dashboard's), the inner one
  // for the page, inside its layout.
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout>
        <ErrorBoundary resetKey={path} onError={onError}>
          <Suspense fallback={<PageLoading />}>
            {route.layout === 'dashboard' ? <DashboardGuard>{page}</DashboardGuard> : page}
            <PageReady path={path} />
          </Suspense>
        </ErrorBoundary>
      </Layout>
    </Suspense>
  );
}
