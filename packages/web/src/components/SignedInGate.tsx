import type { ReactNode } from 'react';
import { mdiAccountCircle } from '@mdi/js';
import { useSnapshot } from 'valtio';
import { SessionService, type CurrentUser } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useSignInDialog } from '../services/ui-context';
import { Icon } from './Icon';
import { PageLoading } from './LoadingBar';
import { usePageTitle } from './usePageTitle';

/**
 * A page only a signed-in visitor sees: while the session is unknown a loading state, for a
 * visitor an invitation that opens the sign-in dialog (and the sign-up one with `signUp`), then
 * the page for the user.
 */
export function SignedInGate({ title, invitation, signUp = false, children }: { title: string; invitation: string; signUp?: boolean; children: (user: CurrentUser) => ReactNode }) {
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
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => signInDialog.open('signIn')}
            className="rounded-full bg-primary px-5 py-2.5 font-semibold text-background hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            Se connecter
          </button>
          {signUp && (
            <button
              type="button"
              onClick={() => signInDialog.open('signUp')}
              className="rounded-full border border-line px-5 py-2.5 font-semibold hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              Créer un compte
            </button>
          )}
        </div>
      </section>
    );
  }
  return <>{children(user as CurrentUser)}</>;
}
