import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { mdiAccountCircle, mdiBell, mdiHeart, mdiLogout, mdiMedal, mdiViewDashboard } from '@mdi/js';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { SessionService } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { Icon } from './Icon';
import { SignInButton } from './SignInButton';
import { useSignOut } from './useSignOut';

const itemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-white/10';

/** The header's account corner: a sign-in button, or the signed-in visitor's menu. */
export default function AccountMenu() {
  const session = useUseCase(SessionService);
  const { status, user } = useSnapshot(session.state);
  const signOut = useSignOut();

  if (status === 'unknown') return <span className="size-9 animate-pulse rounded-full bg-white/10" aria-hidden="true" />;

  if (status !== 'authenticated' || !user) return <SignInButton />;

  const staff = session.isStaff();
  return (
    <Menu>
      <MenuButton className="flex items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-white/20" aria-label={`Mon compte (${user.displayName})`}>
        {user.avatar ? (
          <img src={user.avatar} alt="" className="size-8 rounded-full object-cover" width={32} height={32} />
        ) : (
          <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-sm font-bold uppercase" aria-hidden="true">
            {(user.displayName || user.email || '?').charAt(0)}
          </span>
        )}
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-2 w-60 rounded-xl bg-surface p-1 shadow-2xl ring-1 ring-line focus:outline-none">
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold">{user.displayName}</p>
          <p className="truncate text-xs text-muted">{user.email}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-line" />
        <MenuItem>
          <Link href="/account" className={itemClass}>
            <Icon path={mdiAccountCircle} size={18} /> Mon compte
          </Link>
        </MenuItem>
        <MenuItem>
          <Link href="/notifications" className={itemClass}>
            <Icon path={mdiBell} size={18} /> Notifications
          </Link>
        </MenuItem>
        <MenuItem>
          <Link href="/users/likes" className={itemClass}>
            <Icon path={mdiHeart} size={18} /> Mes favoris
          </Link>
        </MenuItem>
        <MenuItem>
          <Link href="/users/badges" className={itemClass}>
            <Icon path={mdiMedal} size={18} /> Mes badges
          </Link>
        </MenuItem>
        {staff && (
          <MenuItem>
            <Link href="/dashboard" className={itemClass}>
              <Icon path={mdiViewDashboard} size={18} /> Tableau de bord
            </Link>
          </MenuItem>
        )}
        <MenuSeparator className="my-1 h-px bg-line" />
        <MenuItem>
          <button type="button" onClick={signOut} className={itemClass}>
            <Icon path={mdiLogout} size={18} /> Se déconnecter
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
