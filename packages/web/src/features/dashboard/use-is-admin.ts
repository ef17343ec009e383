import { useSnapshot } from 'valtio';
import { isAdminRoles, SessionService } from '@sortie/core';
import { useUseCase } from '../../services/container-context';

/** Whether the signed-in member is an admin (users' roles and other admin-only areas). */
export function useIsAdmin(): boolean {
  const session = useUseCase(SessionService);
  const { user } = useSnapshot(session.state);
  return isAdminRoles(user?.roles);
}
