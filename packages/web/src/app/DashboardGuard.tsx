import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { SessionService, pathFor } from '@sortie/core';
import { PageLoading } from '../components/LoadingBar';
import { useUseCase } from '../services/container-context';

/**
 * Dashboard routes are for staff and admins. While the session is still unknown (the me
 * call has not answered) nothing is decided; then anyone else goes to /unauthorized.
 */
export default function DashboardGuard({ children }: { children: ReactNode }) {
  const session = useUseCase(SessionService);
  const { status } = useSnapshot(session.state);
  const [, navigate] = useLocation();
  const allowed = status !== 'unknown' && session.isStaff();

  useEffect(() => {
    if (status !== 'unknown' && !allowed) navigate(pathFor('unauthorized'), { replace: true });
  }, [status, allowed, navigate]);

  if (!allowed) return <PageLoading label="Vérification de vos droits…" />;
  return <>{children}</>;
}
