import { useEffect, useRef } from 'react';
import { LoggerPort, NotificationInbox, SessionService } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { LocationEffects } from './LocationEffects';

/** Once per app: the session's me call (SPEC.md §4) and the push messages' inbox. */
function Startup() {
  const session = useUseCase(SessionService);
  const inbox = useUseCase(NotificationInbox);
  const logger = useUseCase(LoggerPort);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void Promise.resolve()
      .then(() => session.load())
      .catch((error: unknown) => logger.error('Session load failed', error));
    void Promise.resolve()
      // SPEC.md §8: a notification that cannot be fetched is logged only.
      .then(() => inbox.start(({ id, cause }) => logger.error('Notification could not be fetched', { id, error: cause })))
      .catch((error: unknown) => logger.error('Notification inbox failed to start', error));
  }, [session, inbox, logger]);
  return null;
}

/** What the app does on its own once the services are there: start up, and watch the address. */
export default function ServiceEffects() {
  return (
    <>
      <Startup />
      <LocationEffects />
    </>
  );
}
