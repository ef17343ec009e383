import { StrictMode, Suspense, useEffect, useRef, useState } from 'react';
import { lazy } from '../components/lazy-retry';
import { Router, useLocation, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { useSnapshot } from 'valtio';
import { LoggerPort } from '@sortie/core';
import { LoadingBar } from '../components/LoadingBar';
import { MAIN_ID } from '../layouts/Main';
import type { EagerServices } from '@sortie/adapters/eager';
import { ContainerProvider, type ServicesSource } from '../services/container-context';
import { ServicesSlot } from './ServicesSlot';
import { ErrorBoundary } from './ErrorBoundary';
import { RouteView } from './RouteView';
import type { ShellConfig } from '../services/runtime-config';
import { UiProvider, usePushPrompt, useSignInDialog } from '../services/ui-context';
import { countVisit } from '../state/push-prompt.store';

// Loaded with the services, after the first paint: none is needed to show a page, and a
// static import of a use case would bring core, zod and inversify into the entry chunk.
const ServiceEffects = lazy(() => import('./ServiceEffects'));
const NotificationToast = lazy(() => import('../components/NotificationToast'));
const SignInDialog = lazy(() => import('../components/SignInDialog'));
const PushPrompt = lazy(() => import('../components/PushPrompt'));

export interface AppProps {
  /** The services chunk: the container and the validated runtime config, loaded when first needed (or given, in tests). */
  services: ServicesSource;
  /** The product API, clock and query cache made before the container (main.tsx); tests leave them to the container. */
  eager?: EagerServices;
  shell: ShellConfig;
  /** Where the address comes from: the browser's by default, a memory location in tests. */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
  /** The address a server render draws (wouter's ssrPath and ssrSearch). */
  ssr?: { path: string; search: string };
  /** Where fatal errors are reported before the services (and their logger) are there. */
  onFatalError?: (error: unknown) => void;
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

/** A new page starts at its top, as after a full page load; the first paint keeps the browser's own scroll. */
function ScrollToTop() {
  const [path] = useLocation();
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    window.scrollTo?.(0, 0);
  }, [path]);
  return null;
}

/** The dialog's code loads the first time it opens, then stays mounted for its transitions. */
function SignInDialogSlot() {
  const { open } = useSnapshot(useSignInDialog().state);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  );
}

/** « Recevoir un rappel le jour J ? »: its code loads the first time it is offered; this visit is counted (the offer never comes on the first). */
function PushPromptSlot() {
  const { open } = useSnapshot(usePushPrompt().state);
  const [wanted, setWanted] = useState(false);
  useEffect(() => countVisit(), []);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt />
    </Suspense>
  );
}

function Shell({ onFatalError }: { onFatalError: (error: unknown) => void }) {
  return (
    <>
      <SkipLink />
      <LoadingBar />
      <ScrollToTop />
      <ServicesSlot onError={onFatalError}>
        <Suspense fallback={null}>
          <ServiceEffects />
        </Suspense>
      </ServicesSlot>
      <ErrorBoundary resetKey="shell" onError={onFatalError}>
        <RouteView onError={onFatalError} />
      </ErrorBoundary>
      <SignInDialogSlot />
      <PushPromptSlot />
      <ServicesSlot onError={onFatalError}>
        <Suspense fallback={null}>
          <NotificationToast />
        </Suspense>
      </ServicesSlot>
    </>
  );
}

/**
 * The whole web app. It paints at once; the parts that need the services wait for them, and
 * the services load only once something needs them (ServicesSlot).
 */
export function App({ services, eager, shell, location, ssr, onFatalError }: AppProps) {
  const report = (error: unknown) => {
    if (onFatalError) onFatalError(error);
    else
      void (typeof services === 'function' ? services() : services).then(
        ({ container }) => container.get(LoggerPort).error('Fatal page error', error),
        // Without the services (they are what failed, perhaps), the console still hears of it.
        (cause: unknown) => console.error('Fatal page error', error, cause),
      );
  };
  const content = (
    <ContainerProvider services={services} shell={shell} {...(eager ? { eager } : {})}>
      <UiProvider>
        <Shell onFatalError={report} />
      </UiProvider>
    </ContainerProvider>
  );
  return (
    <StrictMode>
      {location ? (
        <Router hook={location.hook} searchHook={location.searchHook}>
          {content}
        </Router>
      ) : ssr ? (
        <Router ssrPath={ssr.path} ssrSearch={ssr.search}>
          {content}
        </Router>
      ) : (
        <Router>{content}</Router>
      )}
    </StrictMode>
  );
}
