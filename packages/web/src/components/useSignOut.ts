import { LoggerPort, SessionService } from '@sortie/core';
import { useUseCase } from '../services/container-context';

/** Signs out; a failure is logged (the identity provider's only as a warning: the logout holds). */
export function useSignOut(): () => void {
  const session = useUseCase(SessionService);
  const logger = useUseCase(LoggerPort);
  return () =>
    void session.logout().then(
      (outcome) => {
        if (outcome.kind === 'provider-sign-out-failed') logger.warn('Identity provider sign-out failed', outcome.cause);
      },
      (error: unknown) => logger.error('Sign-out failed', error),
    );
}
