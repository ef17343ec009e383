import { Suspense } from 'react';
import { lazy } from '../../components/lazy-retry';
import { useServicesRequested } from '../../services/container-context';
import { useSignInDialog } from '../../services/ui-context';
import type { FollowKind } from './useFollow';
import { FollowButtonView } from './FollowButtonView';

// The follow use case (and the container with it) comes only with the session's version.
const SessionFollowButton = lazy(() => import('./SessionFollowButton'));

/**
 * « Suivre » / « Suivi » for a target; a visitor is asked to sign in first. An anonymous
 * visitor's page does without the services: the button only opens the sign-in dialog.
 */
export function FollowButton({ kind, id, name }: { kind: FollowKind; id: string; name: string }) {
  const signInDialog = useSignInDialog();
  if (!useServicesRequested()) return <FollowButtonView name={name} following={false} loading={false} error={null} onClick={() => signInDialog.open('signIn')} />;
  // While the session's button loads, a signed-in visitor's click would open the sign-in dialog (or be
  // lost): the button waits, disabled, as it does while the server says whether the target is followed.
  return (
    <Suspense fallback={<FollowButtonView name={name} following={false} loading error={null} onClick={() => undefined} />}>
      <SessionFollowButton kind={kind} id={id} name={name} />
    </Suspense>
  );
}
