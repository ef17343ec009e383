import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { meQueries, NavigatorPort, SessionService, ToggleLike, pathFor, type Event } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { usePushPrompt, useSignInDialog } from '../../services/ui-context';
import { apiErrorMessage } from '../../data/api-error-message';
import { useQuery } from '../../data/useQuery';
import { useShareWrites } from '../../data/shares';
import { EventActionButtons, shareLink, type Message } from './event-action-buttons';

/** Like and share with the session: the like as the server knows it, a share recorded for a signed-in visitor. Its own chunk, with the use cases. */
export default function SessionEventActions({ event }: { event: Event }) {
  const shares = useShareWrites();
  const navigatorPort = useUseCase(NavigatorPort);
  const session = useUseCase(SessionService);
  const toggleLike = useUseCase(ToggleLike);
  const { status } = useSnapshot(session.state);
  const { pending } = useSnapshot(toggleLike.state);
  const signInDialog = useSignInDialog();
  const pushPrompt = usePushPrompt();
  const signedIn = status === 'authenticated';
  // Whether the signed-in visitor already likes it; the count is the cached event's, which ToggleLike changes with the like.
  const like = useQuery(signedIn ? meQueries.like(event._id) : null);
  const liked = signedIn && like.status === 'success' && like.data.liked;
  const [message, setMessage] = useState<Message>(null);

  const onLike = async () => {
    setMessage(null);
    const outcome = await toggleLike.execute(event._id);
    if (outcome.kind === 'sign-in') signInDialog.open();
    // A like is a good moment to offer its reminder on this phone (never on a first visit).
    if (outcome.kind === 'done' && outcome.value.liked) pushPrompt.offer();
    if (outcome.kind === 'failed') setMessage({ text: apiErrorMessage(outcome.cause), error: true });
  };

  const onShare = async () => {
    setMessage(null);
    const url = new URL(pathFor('event', { id: event._id }), navigatorPort.currentUrl().origin);
    try {
      const created = await shares.shareEvent(event._id);
      url.searchParams.set('nshid', created._id);
    } catch {
      // A share is recorded for signed-in visitors; others still get the event's link.
    }
    await shareLink(event, url.toString(), setMessage);
  };

  return (
    <EventActionButtons
      likes={event.likeCount}
      liked={liked}
      // Disabled until the session is known: a click then would ask a signed-in visitor to sign in.
      likeDisabled={Boolean(pending[event._id]) || status === 'unknown' || (signedIn && like.status === 'loading')}
      onLike={onLike}
      onShare={onShare}
      message={message}
    />
  );
}

