import { useState } from 'react';
import { mdiHeart, mdiHeartOutline, mdiShareVariant } from '@mdi/js';
import { useSnapshot } from 'valtio';
import { meQueries, NavigatorPort, ProductApiPort, SessionService, ToggleLike, pathFor, type Event, type Share } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useSignInDialog } from '../../services/ui-context';
import { Icon } from '../../components/Icon';
import { apiErrorMessage } from '../../data/api-error-message';
import { useQuery } from '../../data/useQuery';

const buttonClass =
  'inline-flex items-center gap-2 rounded-full bg-surface px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60';

/** Like and share, under an event's title (the calendar links follow: CalendarLinks). */
export function EventActions({ event }: { event: Event }) {
  const api = useUseCase(ProductApiPort);
  const navigatorPort = useUseCase(NavigatorPort);
  const session = useUseCase(SessionService);
  const toggleLike = useUseCase(ToggleLike);
  const { status } = useSnapshot(session.state);
  const { pending } = useSnapshot(toggleLike.state);
  const signInDialog = useSignInDialog();
  const signedIn = status === 'authenticated';
  // Whether the signed-in visitor already likes it; the count is the cached event's, which ToggleLike changes with the like.
  const like = useQuery(signedIn ? meQueries.like(event._id) : null);
  const liked = signedIn && like.status === 'success' && like.data.liked;
  // Disabled until the session is known: a click then would ask a signed-in visitor to sign in.
  const likes = event.likeCount;
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  const onLike = async () => {
    setMessage(null);
    const outcome = await toggleLike.execute(event._id);
    if (outcome.kind === 'sign-in') signInDialog.open();
    if (outcome.kind === 'failed') setMessage({ text: apiErrorMessage(outcome.cause), error: true });
  };

  const share = async () => {
    setMessage(null);
    const url = new URL(pathFor('event', { id: event._id }), navigatorPort.currentUrl().origin);
    try {
      const created = await api.create<Share>('shares', { target: { kind: 'event', id: event._id } });
      url.searchParams.set('nshid', created._id);
    } catch {
      // A share is recorded for signed-in visitors; others still get the event's link.
    }
    const link = url.toString();
    try {
      if (typeof window.navigator.share === 'function') {
        await window.navigator.share({ title: event.title, url: link });
        return;
      }
      await window.navigator.clipboard.writeText(link);
      setMessage({ text: 'Lien copié dans le presse-papiers.' });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return;
      setMessage({ text: `Copiez ce lien pour le partager : ${link}` });
    }
  };

  return (
    <div className="mt-5">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass} aria-pressed={liked} onClick={onLike} disabled={Boolean(pending[event._id]) || status === 'unknown' || (signedIn && like.status === 'loading')}>
          <Icon path={liked ? mdiHeart : mdiHeartOutline} size={18} className={liked ? 'text-primary' : ''} />
          {liked ? 'J’aime déjà' : 'J’aime'}
          <span className="text-muted" aria-label={`${likes} mention${likes > 1 ? 's' : ''} j’aime`}>
            {likes}
          </span>
        </button>
        <button type="button" className={buttonClass} onClick={share}>
          <Icon path={mdiShareVariant} size={18} />
          Partager
        </button>
      </div>
      <p role={message?.error ? 'alert' : 'status'} aria-live="polite" className={`mt-2 min-h-5 text-sm break-all ${message?.error ? 'text-error' : 'text-muted'}`}>
        {message?.text}
      </p>
    </div>
  );
}
