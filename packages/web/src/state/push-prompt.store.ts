import { proxy } from 'valtio/vanilla';

/*
 * « Recevoir un rappel le jour J ? » (issue 33): after a like, a follow, a raffle entry or joining a game (in the game's words), Sortie
 * offers once to send its reminders to this phone, then the browser's own prompt follows the
 * visitor's « Oui ». Never on the first visit, never where the browser cannot or the visitor
 * already answered it, and not again for a month after « Plus tard ».
 */

/** The browser's keys: how many visits (one per browsing session), and when « Plus tard » was last said. */
export const VISITS_KEY = 'sortie:visits';
export const VISIT_FLAG_KEY = 'sortie:visit';
export const PROMPT_DISMISSED_KEY = 'sortie:push-prompt-dismissed';
/** After « Plus tard », the offer waits this long. */
export const PROMPT_QUIET_MS = 30 * 24 * 3600_000;

export interface PushPromptContext {
  /** What the browser allows: 'unsupported', or the Notification permission so far. */
  support: 'unsupported' | NotificationPermission | null;
  /** Visits of this browser so far, the current one included. */
  visits: number;
  dismissedAt: number | null;
  now: number;
}

/** Whether to offer the reminders on this phone now. */
export function shouldOfferPush({ support, visits, dismissedAt, now }: PushPromptContext): boolean {
  if (support !== 'default') return false;
  if (visits < 2) return false;
  return dismissedAt === null || now - dismissedAt >= PROMPT_QUIET_MS;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
const storageOf = (name: 'localStorage' | 'sessionStorage'): Storage | null => {
  try {
    return (globalThis as Record<string, unknown>)[name] as Storage | undefined ?? null;
  } catch {
    return null;
  }
};

/** Counts this visit once per browsing session (the app's start calls it). */
export function countVisit(local: Storage | null = storageOf('localStorage'), session: Storage | null = storageOf('sessionStorage')): void {
  try {
    if (!local || !session || session.getItem(VISIT_FLAG_KEY)) return;
    session.setItem(VISIT_FLAG_KEY, '1');
    local.setItem(VISITS_KEY, String((Number(local.getItem(VISITS_KEY)) || 0) + 1));
  } catch {
    // Storage refused (private mode): no visit counted, no offer made.
  }
}

/** readPushSupport of services/web-push, written again so that the entry does not carry that module (it is the prompt's chunk). */
function browserSupport(): PushPromptContext['support'] {
  const scope = globalThis as { navigator?: Navigator; PushManager?: unknown; Notification?: { permission: NotificationPermission } };
  if (!scope.navigator || !('serviceWorker' in scope.navigator) || !scope.PushManager || !scope.Notification) return 'unsupported';
  return scope.Notification.permission;
}

/**
 * What the visitor just did, which says what the phone would receive: a day's reminder (a like, a
 * follow, a raffle entry), the call of their match (registered in a tournament), the next blind
 * tests (joined one). The offer's words follow it.
 */
export type PushPromptReason = 'reminder' | 'tournament' | 'blindTest';

export class PushPromptStore {
  readonly state = proxy<{ open: boolean; reason: PushPromptReason }>({ open: false, reason: 'reminder' });

  constructor(
    private readonly readSupport: () => PushPromptContext['support'] = browserSupport,
    private readonly now: () => number = Date.now,
    private readonly local: Storage | null = storageOf('localStorage'),
  ) {}

  /** After a like, a follow, a raffle entry or joining a game: opens the offer when shouldOfferPush says so. */
  offer(reason: PushPromptReason = 'reminder'): void {
    if (this.state.open) return;
    let visits = 0;
    let dismissedAt: number | null = null;
    try {
      visits = Number(this.local?.getItem(VISITS_KEY)) || 0;
      const dismissed = Number(this.local?.getItem(PROMPT_DISMISSED_KEY));
      dismissedAt = Number.isFinite(dismissed) && dismissed > 0 ? dismissed : null;
    } catch {
      return;
    }
    if (shouldOfferPush({ support: this.readSupport(), visits, dismissedAt, now: this.now() })) {
      this.state.reason = reason;
      this.state.open = true;
    }
  }

  /** « Plus tard »: closed, and not offered again for PROMPT_QUIET_MS. */
  dismiss(): void {
    this.state.open = false;
    try {
      this.local?.setItem(PROMPT_DISMISSED_KEY, String(this.now()));
    } catch {
      // Nothing kept: the offer may come back next visit.
    }
  }

  close(): void {
    this.state.open = false;
  }
}
