import { mdiBell, mdiHeart, mdiLogout, mdiMedal, mdiStarOutline, mdiViewDashboard } from '@mdi/js';
import { Link } from 'wouter';
import { SessionService, type CurrentUser } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { formatDate } from '../format';
import { Icon } from '../components/Icon';
import { useSignOut } from '../components/useSignOut';
import { SignedInGate } from '../components/SignedInGate';
import { NotificationPreferencesSection } from '../features/people/NotificationPreferencesForm';
import { AccountDataSection } from '../features/account/AccountDataSection';
import { AccountEmailSection } from '../features/account/AccountEmailSection';
import { EmailChangeSection } from '../features/account/EmailChangeSection';
import { Avatar, ProfileSection } from '../features/account/ProfileSection';
import { AccountSessionsSection } from '../features/account/AccountSessionsSection';
import { DevicePushSection } from '../features/account/DevicePushSection';

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
        <Avatar user={user} size={64} />
        <div className="min-w-0">
          <h1 id="page-title" className="truncate text-2xl font-bold">
            {user.displayName}
          </h1>
          <p className="truncate text-muted">{user.email}</p>
        </div>
      </div>

      <dl className="mt-8 grid grid-cols-1 gap-4 rounded-2xl bg-surface p-5 ring-1 ring-line sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted uppercase">Rôle</dt>
          <dd className="mt-1">{user.roles.length ? user.roles.map((role) => ROLE_LABELS[role] ?? role).join(', ') : 'Membre'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted uppercase">Membre depuis</dt>
          <dd className="mt-1">{formatDate(user.createdAt)}</dd>
        </div>
      </dl>

      <ProfileSection user={user} />

      <AccountEmailSection user={user} />
      <EmailChangeSection user={user} />

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

      <DevicePushSection />

      <AccountSessionsSection />

      <AccountDataSection />

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
