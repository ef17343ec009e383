import { Suspense } from 'react';
import { lazy } from '../../components/lazy-retry';
import { useServicesRequested } from '../../services/container-context';

// The inbox (and the container with it) comes only with the session's services.
const SessionReloadOnNotification = lazy(() => import('./SessionReloadOnNotification'));

/**
 * Calls `reload` each time a notification arrives over the socket (a badge just earned shows
 * without a reload of the page). Nothing for a visit without the services: no session, no push.
 */
export function ReloadOnNotification({ reload }: { reload: () => void }) {
  if (!useServicesRequested()) return null;
  return (
    <Suspense fallback={null}>
      <SessionReloadOnNotification reload={reload} />
    </Suspense>
  );
}
