import { useEffect, useRef } from 'react';
import { CookiePort, LoggerPort, NotificationInbox, SESSION_HINT_COOKIE, SessionService, SocketIdentity } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { followProfileCity } from '../services/preferences';
import { LocationEffects } from './LocationEffects';

/** Once per app: the session's me call (SPEC.md §4) when a session may exist, and the push messages' inbox. */
function Startup() {
  const session = useUseCase(SessionService);
  const inbox = useUseCase(NotificationInbox);
  const socketIdentity = useUseCase(SocketIdentity);
  const logger = useUseCase(LoggerPort);
  const cookies = useUseCase(CookiePort);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Without the server's hint there is no session to ask about: the me call would only answer 401.
    const mayBeSignedIn = cookies.get(SESSION_HINT_COOKIE) !== null;
    // The account's profile city becomes the agenda's on sign-in and on a new device (issue 30).
    followProfileCity(session);
    void Promise.resolve()
      .then(async () => {
        if (mayBeSignedIn) await session.load();
        else session.clear();
      })
      .catch((error: unknown) => logger.error('Session load failed', error));
    void Promise.resolve()
      // SPEC.md §8: a notification that cannot be fetched is logged only.
      .then(() => inbox.start(({ id, cause }) => logger.error('Notification could not be fetched', { id, error: cause })))
      .catch((error: unknown) => logger.error('Notification inbox failed to start', error));
    // After each sign-in and sign-out the socket makes a new handshake, so that pushes follow the session.
    socketIdentity.start();
  }, [session, inbox, socketIdentity, logger, cookies]);
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
