import { mdiBell, mdiHeart, mdiLogout, mdiMedal, mdiStarOutline, mdiViewDashboard } from '@mdi/js';
import { Link } from 'wouter';
import { SessionService, type CurrentUser } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { formatDate } from '../format';
import { Icon } from '../components/Icon';
import { useSignOut } from '../components/useSignOut';
import { SignedInGate } from '../components/SignedInGate';
import { NotificationPreferencesSection } from '../features/people/NotificationPreferencesForm';

const ROLE_LABELS: Record<string, string> = { admin: 'Administrateur', staff: 'Équipe' };

/** /account: the signed-in visitor's account, or an invitation to sign in. */
export default function AccountPage() {
  return (
    <SignedInGate title="Mon compte" invitation="Connectez-vous pour retrouver vos favoris, vos abonnements, vos badges et vos notifications." signUp>
      {(user) => <Account user={user} />}
    </SignedInGate>
  );
}

function Account({ user }: { user: CurrentUser }) {
  const session = useUseCase(SessionService);
  const signOut = useSignOut();
  const shortcuts = [
    { href: '/notifications', label: 'Notifications', icon: mdiBell },
    { href: '/users/likes', label: 'Mes favoris', icon: mdiHeart },
    { href: '/users/following', label: 'Mes abonnements', icon: mdiStarOutline },
    { href: '/users/badges', label: 'Mes badges', icon: mdiMedal },
    ...(session.isStaff() ? [{ href: '/dashboard', label: 'Tableau de bord', icon: mdiViewDashboard }] : []),
  ];

  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="page-title">
      <div className="flex items-center gap-4">
        {user.avatar ? (
          <img src={user.avatar} alt="" className="size-16 rounded-full object-cover" width={64} height={64} />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-2xl font-bold uppercase" aria-hidden="true">
            {(user.displayName || user.email || '?').charAt(0)}
          </span>
        )}
        <div className="min-w-0">
          <h1 id="page-title" className="truncate text-2xl font-bold">
            {user.displayName}
          </h1>
          <p className="truncate text-muted">{user.email}</p>
        </div>
      </div>

      <dl className="mt-8 grid grid-cols-1 gap-4 rounded-2xl bg-surface p-5 ring-1 ring-line sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted uppercase">Ville</dt>
          <dd className="mt-1">{user.city || 'Non renseignée'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted uppercase">Rôle</dt>
          <dd className="mt-1">{user.roles.length ? user.roles.map((role) => ROLE_LABELS[role] ?? role).join(', ') : 'Membre'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted uppercase">Membre depuis</dt>
          <dd className="mt-1">{formatDate(user.createdAt)}</dd>
        </div>
      </dl>

      <nav aria-label="Mon espace" className="mt-8">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {shortcuts.map((shortcut) => (
            <li key={shortcut.href}>
              <Link href={shortcut.href} className="flex items-center gap-3 rounded-xl bg-surface p-4 ring-1 ring-line hover:ring-accent">
                <Icon path={shortcut.icon} className="text-primary" />
                {shortcut.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <NotificationPreferencesSection />

      <button
        type="button"
        onClick={signOut}
        className="mt-8 inline-flex items-center gap-2 rounded-full border border-line px-5 py-2.5 font-semibold hover:bg-white/5"
      >
        <Icon path={mdiLogout} size={20} /> Se déconnecter
      </button>
    </section>
  );
}
