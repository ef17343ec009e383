import type { ReactNode } from 'react';
import { PageFrame } from '../components/ui';

/** What a live screen's hook reports (useLiveTournament, useLiveBlindTest): loading, failed, not open yet, or live. */
export type LiveState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'closed'; title: string | null } | { status: 'success' };

/**
 * How a live screen looks: `page` on a phone or a desk (a retry button), `panel` inside the
 * dashboard's record page (small type), `screen` on a venue's TV (huge centred type, no
 * button: the screen comes back by itself when the server does).
 */
export type LiveLook = 'page' | 'panel' | 'screen';

const OFFLINE_CLASS: Record<LiveLook, string> = {
  page: 'rounded-lg bg-warning/15 p-3 text-warning',
  panel: 'text-sm text-warning',
  screen: 'shrink-0 text-2xl text-warning',
};
const LOADING_CLASS: Record<LiveLook, string> = { page: 'text-muted', panel: 'text-sm text-muted', screen: 'm-auto text-4xl text-muted' };
const ERROR_CLASS: Record<Exclude<LiveLook, 'screen'>, string> = {
  page: 'rounded-lg border border-error/40 bg-error/10 p-4',
  panel: 'rounded-lg border border-error/40 bg-error/10 p-3 text-sm',
};
const RETRY_CLASS = 'mt-2 rounded bg-surface px-3 py-1 font-medium hover:bg-white/10 focus-visible:outline-2';

/** « Connexion perdue » while the socket is down: LiveView shows it above the screen, or a screen places it in its content. */
export function OfflineNotice({ online, look = 'page', className = '' }: { online: boolean; look?: LiveLook; className?: string }) {
  if (online) return null;
  return (
    <p role="status" className={`${OFFLINE_CLASS[look]} ${className}`.trim()}>
      Connexion perdue : reconnexion en cours…
    </p>
  );
}

export interface LiveViewProps<S extends LiveState> {
  /** The live hook's answer: its state, whether the socket is up, and how to load again. */
  live: { state: S; online: boolean; reload?: () => void };
  look?: LiveLook;
  /** Whether LiveView shows « Connexion perdue » above everything (false: the content places its own OfflineNotice). */
  offlineNotice?: boolean;
  /** What is loading (« Chargement du tournoi… »), said by a status line, or the grey lines given as `skeleton`. */
  loading: string;
  skeleton?: ReactNode;
  /** The French message of a failure. */
  errorMessage: (error: unknown) => string;
  /** The heading a failed page keeps (a TV's title, a page's h1), and the line under a TV's message. */
  heading?: string;
  hint?: string;
  /** What a session not open yet says (blind tests), and the button that opens it (the host's desk). */
  closed?: string;
  closedAction?: ReactNode;
  /** The screen itself, once live. */
  children: (state: Extract<S, { status: 'success' }>) => ReactNode;
}

/**
 * The live screens' switch (a tournament's and a blind test's pages, desks and TVs): the
 * offline notice, the loading line, the French error with « Réessayer », the session not open
 * yet, then the screen's own content. The live counterpart of QueryView.
 */
export function LiveView<S extends LiveState>({ live, look = 'page', offlineNotice = true, loading, skeleton, errorMessage, heading, hint, closed, closedAction, children }: LiveViewProps<S>) {
  const { state } = live;
  const offline = offlineNotice ? <OfflineNotice online={live.online} look={look} /> : null;
  return (
    <>
      {offline}
      {state.status === 'loading' && (skeleton ?? <p role="status" className={LOADING_CLASS[look]}>{loading}</p>)}
      {state.status === 'error' && <LiveError error={state.error} look={look} message={errorMessage} heading={heading} hint={hint} reload={live.reload} />}
      {state.status === 'closed' && <LiveClosed title={state.title} look={look} text={closed ?? ''} action={closedAction} heading={heading} />}
      {state.status === 'success' && children(state as Extract<S, { status: 'success' }>)}
    </>
  );
}

function LiveError({ error, look, message, heading, hint, reload }: { error: unknown; look: LiveLook; message: (error: unknown) => string; heading: string | undefined; hint: string | undefined; reload: (() => void) | undefined }) {
  if (look === 'screen')
    return (
      <div role="alert" className="m-auto text-center">
        {heading && <h1 className="text-6xl font-bold">{heading}</h1>}
        <p className="mt-6 text-4xl">{message(error)}</p>
        {hint && <p className="mt-3 text-2xl text-muted">{hint}</p>}
      </div>
    );
  const alert = (
    <div role="alert" className={`${ERROR_CLASS[look]}${heading ? ' mt-6' : ''}`}>
      <p>{message(error)}</p>
      {reload && (
        <button type="button" onClick={reload} className={RETRY_CLASS}>
          Réessayer
        </button>
      )}
    </div>
  );
  return heading ? <PageFrame title={heading}>{alert}</PageFrame> : alert;
}

function LiveClosed({ title, look, text, action, heading }: { title: string | null; look: LiveLook; text: string; action: ReactNode; heading: string | undefined }) {
  if (look === 'screen')
    return (
      <div role="status" className="m-auto text-center">
        <h1 className="text-7xl font-extrabold">{title ?? heading}</h1>
        <p className="mt-6 text-4xl text-muted">{text}</p>
      </div>
    );
  if (action)
    return (
      <div className="space-y-3 rounded-xl bg-surface p-4">
        <p>{text}</p>
        {action}
      </div>
    );
  return (
    <p role="status" className="rounded-xl bg-surface p-4 text-xl">
      {text}
    </p>
  );
}
