import { Suspense, useState } from 'react';
import { lazy } from '../../components/lazy-retry';
import { pathFor, type Event } from '@sortie/core';
import { useServicesRequested } from '../../services/container-context';
import { useSignInDialog } from '../../services/ui-context';
import { EventActionButtons, shareLink, type Message } from './event-action-buttons';

// The use cases (and the container with them) come only with the session's version.
const SessionEventActions = lazy(() => import('./SessionEventActions'));

/**
 * Like and share, under an event's title (the calendar links follow: CalendarLinks). An
 * anonymous visitor's page does without the services: liking asks to sign in, sharing gives
 * the event's address; the session's version takes over once the services are there.
 */
export function EventActions({ event }: { event: Event }) {
  if (!useServicesRequested()) return <AnonymousEventActions event={event} />;
  return (
    <Suspense fallback={<EventActionButtons likes={event.likeCount} liked={false} likeDisabled onLike={() => undefined} onShare={() => undefined} message={null} />}>
      <SessionEventActions event={event} />
    </Suspense>
  );
}

function AnonymousEventActions({ event }: { event: Event }) {
  const signInDialog = useSignInDialog();
  const [message, setMessage] = useState<Message>(null);
  const onShare = () => void shareLink(event, new URL(pathFor('event', { id: event._id }), window.location.origin).toString(), setMessage);
  return <EventActionButtons likes={event.likeCount} liked={false} likeDisabled={false} onLike={() => signInDialog.open()} onShare={onShare} message={message} />;
}

