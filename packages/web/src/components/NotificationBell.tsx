import { useEffect, useId, useRef, useState } from 'react';
import { mdiBell, mdiBellOutline } from '@mdi/js';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { MarkNotificationsRead, meQueries, NotificationInbox, pathFor, type Notification } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useQuery } from '../data/useQuery';
import { formatDateTime } from '../format';
import { Icon } from './Icon';
import { setTitleCount } from './usePageTitle';

/** The panel shows the latest ten; the rest is on /notifications. */
export const BELL_SIZE = 10;

const unreadText = (count: number) => (count === 0 ? 'aucune non lue' : count === 1 ? '1 non lue' : `${count} non lues`);
/** More than 99 would not fit the badge. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The header's bell for a signed-in visitor: the unread count (also in the window's title), kept
 * live by the pushed notifications the inbox receives over the socket, and a panel of the latest
 * ten, each leading to what it is about and marked read on the way.
 */
export default function NotificationBell() {
  const inbox = useUseCase(NotificationInbox);
  const markRead = useUseCase(MarkNotificationsRead);
  const { notifications: pushed } = useSnapshot(inbox.state);
  const query = useQuery(meQueries.notifications(BELL_SIZE, 0));
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = query.status === 'success' ? query.data.unread : 0;

  // A notification pushed (over the socket) since the last load: the count and the list are read again.
  const seen = useRef(pushed.length);
  const { reload } = query;
  useEffect(() => {
    if (pushed.length === seen.current) return;
    seen.current = pushed.length;
    reload();
  }, [pushed.length, reload]);

  useEffect(() => {
    setTitleCount(unread);
    return () => setTitleCount(0);
  }, [unread]);

  // Escape or a click elsewhere closes the panel; Escape gives the focus back to the bell.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const mark = async (which: string | 'all') => {
    setFailed(false);
    if ((await markRead.execute(which)).kind === 'failed') setFailed(true);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Notifications, ${unreadText(unread)}`}
        onClick={() => setOpen((value) => !value)}
        className="relative flex size-9 items-center justify-center rounded-full text-muted hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Icon path={unread > 0 ? mdiBell : mdiBellOutline} size={22} />
        {unread > 0 && (
          <span aria-hidden="true" data-testid="bell-count" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-bold text-background">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {/* Said once when it changes, not on every render of the button's name. */}
      <span className="sr-only" aria-live="polite">
        {unread > 0 ? `Notifications : ${unreadText(unread)}` : ''}
      </span>
      {open && (
        <div id={panelId} role="region" aria-label="Dernières notifications" className="fixed inset-x-2 top-14 z-40 rounded-2xl bg-surface p-3 shadow-2xl ring-1 ring-line sm:absolute sm:inset-x-auto sm:right-0 sm:top-11 sm:w-96">
          <div className="flex items-center justify-between gap-2 px-1">
            <p className="font-semibold">Notifications</p>
            {unread > 0 && (
              <button type="button" onClick={() => void mark('all')} className="rounded-lg px-2 py-1 text-sm font-semibold text-accent hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-primary">
                Tout marquer comme lu
              </button>
            )}
          </div>
          {failed && (
            <p role="alert" className="mt-2 rounded-lg bg-error/10 p-2 text-sm">
              Les notifications n’ont pas pu être marquées comme lues. Réessayez.
            </p>
          )}
          {query.status === 'loading' && <p className="p-3 text-sm text-muted">Chargement des notifications…</p>}
          {query.status === 'error' && (
            <p role="alert" className="p-3 text-sm">
              Les notifications n’ont pas pu être chargées.{' '}
              <button type="button" onClick={reload} className="font-semibold text-accent underline">
                Réessayer
              </button>
            </p>
          )}
          {query.status === 'success' && query.data.items.length === 0 && <p className="p-3 text-sm text-muted">Aucune notification pour le moment.</p>}
          {query.status === 'success' && query.data.items.length > 0 && (
            <ul className="mt-2 max-h-[60vh] space-y-1 overflow-y-auto">
              {query.data.items.map((notification) => (
                <BellItem key={notification._id} notification={notification} onOpen={() => setOpen(false)} onRead={() => void (notification.readAt ? null : mark(notification._id))} />
              ))}
            </ul>
          )}
          <Link href={pathFor('notifications')} onClick={() => setOpen(false)} className="mt-2 block rounded-lg px-2 py-1.5 text-center text-sm font-semibold text-accent hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-primary">
            Voir tout
          </Link>
        </div>
      )}
    </div>
  );
}

function BellItem({ notification, onRead, onOpen }: { notification: Notification; onRead: () => void; onOpen: () => void }) {
  const read = Boolean(notification.readAt);
  const content = (
    <>
      <span className="block font-semibold">
        {!read && <span className="sr-only">Non lue : </span>}
        {notification.title}
      </span>
      {notification.body && <span className="line-clamp-2 block text-sm text-muted">{notification.body}</span>}
      <time dateTime={notification.createdAt} className="block text-xs text-muted">
        {formatDateTime(notification.createdAt)}
      </time>
    </>
  );
  const itemClass = `block rounded-xl px-2 py-2 text-left hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-primary ${read ? '' : 'bg-primary/10'}`;
  // An in-app path opens in place; anything else (no link) is a button that marks it read.
  const link = notification.link?.startsWith('/') && !notification.link.startsWith('//') ? notification.link : null;
  return (
    <li>
      {link ? (
        <Link
          href={link}
          className={itemClass}
          onClick={() => {
            onRead();
            onOpen();
          }}
        >
          {content}
        </Link>
      ) : (
        <button type="button" className={`w-full ${itemClass}`} onClick={onRead} aria-label={read ? notification.title : `Marquer comme lue : ${notification.title}`}>
          {content}
        </button>
      )}
    </li>
  );
}
