import { Suspense } from 'react';
import { lazy } from './lazy-retry';
import { useSnapshot } from 'valtio';
import { SessionService } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { SignInButton } from './SignInButton';

// Headless UI's menu comes only with a signed-in visitor's menu.
const AccountMenu = lazy(() => import('./AccountMenu'));
const NotificationBell = lazy(() => import('./NotificationBell'));

const pending = <span className="size-9 animate-pulse rounded-full bg-white/10" aria-hidden="true" />;

/** The header's account corner once the services are there: the signed-in visitor's bell and menu, or « Se connecter ». */
export default function SessionAccount() {
  const { status } = useSnapshot(useUseCase(SessionService).state);
  if (status === 'unknown') return pending;
  if (status !== 'authenticated') return <SignInButton />;
  return (
    <div className="flex items-center gap-1">
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
      <Suspense fallback={pending}>
        <AccountMenu />
      </Suspense>
    </div>
  );
}
