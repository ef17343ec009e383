import { StrictMode, useEffect, useRef } from 'react';
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import type { Container } from 'inversify';
import { LoggerPort, NotificationInbox, SessionService, type RuntimeConfig } from '@sortie/core';
import { LoadingBar } from '../components/LoadingBar';
import { NotificationToast } from '../components/NotificationToast';
import { SignInDialog } from '../components/SignInDialog';
import { MAIN_ID } from '../layouts/layouts';
import { ContainerProvider, useUseCase } from './container-context';
import { ErrorBoundary } from './ErrorBoundary';
import { LocationEffects } from './LocationEffects';
import { RouteView } from './RouteView';
import { UiProvider } from './ui-context';

export interface AppProps {
  container: Container;
  config: RuntimeConfig;
  /** Where the address comes from: the browser's by default, a memory location in tests. */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
}

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
      .then(() => inbox.start())
      .catch((error: unknown) => logger.error('Notification inbox failed to start', error));
  }, [session, inbox, logger]);
  return null;
}

function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // The main element is focusable (tabIndex -1): move the keyboard there, not only the view.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="sr-only z-[70] rounded-lg bg-accent px-4 py-2 font-semibold text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Aller au contenu
    </a>
  );
}

function Shell() {
  const logger = useUseCase(LoggerPort);
  const onError = (error: unknown) => logger.error('Fatal page error', error);
  return (
    <>
      <SkipLink />
      <LoadingBar />
      <Startup />
      <LocationEffects />
      <ErrorBoundary resetKey="shell" onError={onError}>
        <RouteView onError={onError} />
      </ErrorBoundary>
      <SignInDialog />
      <NotificationToast />
    </>
  );
}

/** The whole web app over a composed container. */
export function App({ container, config, location }: AppProps) {
  const shell = (
    <ContainerProvider container={container} config={config}>
      <UiProvider>
        <Shell />
      </UiProvider>
    </ContainerProvider>
  );
  return <StrictMode>{location ? <Router hook={location.hook} searchHook={location.searchHook}>{shell}</Router> : <Router>{shell}</Router>}</StrictMode>;
}
