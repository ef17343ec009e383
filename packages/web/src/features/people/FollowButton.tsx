import { Suspense, lazy } from 'react';
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
  const anonymous = <FollowButtonView name={name} following={false} loading={false} error={null} onClick={() => signInDialog.open('signIn')} />;
  if (!useServicesRequested()) return anonymous;
  return (
    <Suspense fallback={anonymous}>
      <SessionFollowButton kind={kind} id={id} name={name} />
    </Suspense>
  );
}
