import { useEffect, useRef, useState } from 'react';
import { mdiBellOutline } from '@mdi/js';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { MarkNotificationsRead, meQueries, NotificationInbox, type Notification } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { formatDateTime } from '../format';
import { Icon } from '../components/Icon';
import { ListSkeleton, QueryView } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { isWebAddress } from '../features/people/ExternalLink';
import { Pager } from '../features/people/Pager';
import { SignedInGate } from '../components/SignedInGate';

export const NOTIFICATIONS_PAGE_SIZE = 20;
const SMALL_BUTTON =
  'rounded-lg bg-surface px-3 py-1.5 text-sm font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-50';

/** /notifications: the user's notifications from the server, newest first; mark one or all as read. */
export default function NotificationsPage() {
  return (
    <SignedInGate title="Notifications" invitation="Connectez-vous pour retrouver vos notifications.">
      {() => <NotificationList />}
    </SignedInGate>
  );
}

function NotificationList() {
  const inbox = useUseCase(NotificationInbox);
  const markRead = useUseCase(MarkNotificationsRead);
  const { notifications: live } = useSnapshot(inbox.state);
  const [offset, setOffset] = useState(0);
  const query = useQuery(meQueries.notifications(NOTIFICATIONS_PAGE_SIZE, offset));
  const [error, setError] = useState<string | null>(null);

  // A notification pushed while the page is open: the list is loaded again to show it.
  const seen = useRef(live.length);
  const { reload } = query;
  useEffect(() => {
    if (live.length !== seen.current) {
      seen.current = live.length;
      reload();
    }
  }, [live.length, reload]);

  // MarkNotificationsRead shows the change in the cached page at once and puts it back on failure.
  const mark = async (which: string | 'all') => {
    setError(null);
    const outcome = await markRead.execute(which);
    if (outcome.kind === 'failed') {
      setError(which === 'all' ? 'Les notifications n’ont pas pu être marquées comme lues. Réessayez.' : 'La notification n’a pas pu être marquée comme lue. Réessayez.');
    }
  };

  return (
    <section className="mx-auto max-w-2xl px-4 py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Notifications
      </h1>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
          {error}
        </p>
      )}
      <QueryView query={query} skeleton={<ListSkeleton label="Chargement des notifications…" />}>
        {(page) => {
          const unread = page.unread;
          if (page.items.length === 0) {
            return (
              <div className="mt-8 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line p-10 text-center text-muted">
                <Icon path={mdiBellOutline} size={40} />
                <p>Aucune notification pour le moment. Elles apparaîtront ici dès leur arrivée.</p>
              </div>
            );
          }
          return (
            <>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-muted" aria-live="polite">
                  {unread === 0 ? 'Tout est lu.' : unread === 1 ? '1 notification non lue' : `${unread} notifications non lues`}
                </p>
                {unread > 0 && (
                  <button type="button" className={SMALL_BUTTON} onClick={() => mark('all')}>
                    Tout marquer comme lu
                  </button>
                )}
              </div>
              <ul className="mt-4 space-y-3">
                {page.items.map((notification) => (
                  <NotificationItem key={notification._id} notification={notification} read={Boolean(notification.readAt)} onRead={() => mark(notification._id)} />
                ))}
              </ul>
              <Pager meta={page.meta} onOffset={setOffset} label="Pages des notifications" />
            </>
          );
        }}
      </QueryView>
    </section>
  );
}

function NotificationItem({ notification, read, onRead }: { notification: Notification; read: boolean; onRead: () => void }) {
  const link = notification.link;
  const title = <span className="font-semibold">{notification.title}</span>;
  return (
    <li className={`flex gap-3 rounded-2xl p-4 ring-1 ${read ? 'bg-surface/50 ring-line' : 'bg-surface ring-primary/60'}`}>
      {notification.icon ? (
        <img src={notification.icon} alt="" className="size-10 shrink-0 rounded-full object-cover" width={40} height={40} />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/20 text-primary">
          <Icon path={mdiBellOutline} size={22} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p>
          {!read && <span className="sr-only">Non lue : </span>}
          {link?.startsWith('/') ? (
            <Link href={link} className="hover:underline focus-visible:outline-2 focus-visible:outline-accent">
              {title}
            </Link>
          ) : isWebAddress(link) ? (
            <a href={link} target="_blank" rel="noopener noreferrer" className="hover:underline focus-visible:outline-2 focus-visible:outline-accent">
              {title}
            </a>
          ) : (
            title
          )}
        </p>
        {notification.body && <p className="mt-0.5 text-sm text-muted">{notification.body}</p>}
        <p className="mt-1 text-xs text-muted">{formatDateTime(notification.createdAt)}</p>
      </div>
      {!read && (
        <button type="button" className={`${SMALL_BUTTON} self-start`} onClick={onRead}>
          Marquer comme lue<span className="sr-only"> : {notification.title}</span>
        </button>
      )}
    </li>
  );
}
