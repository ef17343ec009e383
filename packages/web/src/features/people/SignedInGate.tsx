import type { ReactNode } from 'react';
import { mdiAccountCircle } from '@mdi/js';
import { useSnapshot } from 'valtio';
import { SessionService, type CurrentUser } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useSignInDialog } from '../../services/ui-context';
import { Icon } from '../../components/Icon';
import { PageLoading } from '../../components/LoadingBar';
import { usePageTitle } from '../../components/usePageTitle';

/**
 * A page only a signed-in visitor sees: while the session is unknown a loading state, for a
 * visitor an invitation that opens the sign-in dialog, then the page for the user.
 */
export function SignedInGate({ title, invitation, children }: { title: string; invitation: string; children: (user: CurrentUser) => ReactNode }) {
  usePageTitle(title);
  const session = useUseCase(SessionService);
  const signInDialog = useSignInDialog();
  const { status, user } = useSnapshot(session.state);
  if (status === 'unknown') return <PageLoading label="Chargement de votre compte…" />;
  if (status !== 'authenticated' || !user) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center" aria-labelledby="page-title">
        <Icon path={mdiAccountCircle} size={64} className="mx-auto text-muted" />
        <h1 id="page-title" className="mt-4 text-2xl font-bold">
          {title}
        </h1>
        <p className="mt-2 text-muted">{invitation}</p>
        <button
          type="button"
          onClick={() => signInDialog.open('signIn')}
          className="mt-6 rounded-full bg-primary px-5 py-2.5 font-semibold text-background hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          Se connecter
        </button>
      </section>
    );
  }
  return <>{children(user as CurrentUser)}</>;
}
