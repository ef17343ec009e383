import { useState } from 'react';
import { mdiCalendarPlus, mdiHeart, mdiHeartOutline, mdiShareVariant } from '@mdi/js';
import { useSnapshot } from 'valtio';
import { ClockPort, meQueries, NavigatorPort, ProductApiPort, SessionService, ToggleLike, pathFor, type Event, type Share } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useSignInDialog } from '../../services/ui-context';
import { Icon } from '../../components/Icon';
import { apiErrorMessage } from '../../data/api-error-message';
import { useQuery } from '../../data/useQuery';
import { buildIcs, downloadIcs, icsFileName } from './calendar';

const buttonClass =
  'inline-flex items-center gap-2 rounded-full bg-surface px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60';

/** Like, share and add to calendar, under an event's title. */
export function EventActions({ event, location }: { event: Event; location?: string }) {
  const api = useUseCase(ProductApiPort);
  const clock = useUseCase(ClockPort);
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

  const addToCalendar = () => {
    const url = new URL(pathFor('event', { id: event._id }), navigatorPort.currentUrl().origin).toString();
    const ics = buildIcs(
      { uid: event._id, title: event.title, description: event.description, startsAt: event.startsAt, endsAt: event.endsAt, location, url },
      clock.now(),
    );
    downloadIcs(ics, icsFileName(event.title));
    setMessage({ text: 'Le fichier de l’événement est téléchargé : ouvrez-le pour l’ajouter à votre agenda.' });
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
        <button type="button" className={buttonClass} onClick={addToCalendar}>
          <Icon path={mdiCalendarPlus} size={18} />
          Ajouter à mon agenda
        </button>
      </div>
      <p role={message?.error ? 'alert' : 'status'} aria-live="polite" className={`mt-2 min-h-5 text-sm break-all ${message?.error ? 'text-error' : 'text-muted'}`}>
        {message?.text}
      </p>
    </div>
  );
}
