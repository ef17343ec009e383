import { mdiLockOutline } from '@mdi/js';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { SessionService } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useSignInDialog } from '../services/ui-context';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';

/** /unauthorized: where the dashboard sends visitors who are not staff. */
export default function UnauthorizedPage() {
  usePageTitle('Accès refusé');
  const session = useUseCase(SessionService);
  const { status } = useSnapshot(session.state);
  const signInDialog = useSignInDialog();
  // Signed in from this very page with the right role: the way back is open.
  const staff = status === 'authenticated' && session.isStaff();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title">
      <Icon path={mdiLockOutline} size={64} className="mx-auto text-warning" />
      <h1 id="page-title" className="mt-4 text-2xl font-bold">
        Accès refusé
      </h1>
      <p className="mt-2 text-muted">
        {staff
          ? 'Vous êtes connecté avec un compte de l’équipe : le tableau de bord vous est ouvert.'
          : status === 'authenticated'
            ? 'Votre compte n’a pas accès à cette page. Elle est réservée à l’équipe Sortie.'
            : 'Cette page est réservée à l’équipe Sortie. Connectez-vous avec un compte autorisé.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status !== 'authenticated' && (
          <button type="button" onClick={() => signInDialog.open()} className="rounded-full bg-primary px-5 py-2.5 font-semibold text-background hover:bg-primary/90">
            Se connecter
          </button>
        )}
        {staff && (
          <Link href="/dashboard" className="rounded-full bg-primary px-5 py-2.5 font-semibold text-background hover:bg-primary/90">
            Ouvrir le tableau de bord
          </Link>
        )}
        <Link href="/" className="rounded-full border border-line px-5 py-2.5 font-semibold hover:bg-white/5">
          Retour à l’accueil
        </Link>
      </div>
    </section>
  );
}
