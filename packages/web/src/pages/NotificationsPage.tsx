import { mdiBellOutline } from '@mdi/js';
import { useSnapshot } from 'valtio';
import { NotificationInbox } from '@sortie/core';
import { useUseCase } from '../app/container-context';
import { formatDateTime } from '../format';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';

/** /notifications: the notifications received since the app opened, newest first. */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  const inbox = useUseCase(NotificationInbox);
  const { notifications } = useSnapshot(inbox.state);
  const newestFirst = [...notifications].reverse();
  return (
    <section className="mx-auto max-w-2xl px-4 py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Notifications
      </h1>
      {newestFirst.length === 0 ? (
        <div className="mt-8 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line p-10 text-center text-muted">
          <Icon path={mdiBellOutline} size={40} />
          <p>Aucune notification pour le moment. Elles apparaîtront ici dès leur arrivée.</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {newestFirst.map((notification) => (
            <li key={notification._id} className="flex gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line">
              {notification.icon ? (
                <img src={notification.icon} alt="" className="size-10 shrink-0 rounded-full object-cover" width={40} height={40} />
              ) : (
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/20 text-primary">
                  <Icon path={mdiBellOutline} size={22} />
                </span>
              )}
              <div className="min-w-0">
                <p className="font-semibold">{notification.title}</p>
                {notification.body && <p className="mt-0.5 text-sm text-muted">{notification.body}</p>}
                <p className="mt-1 text-xs text-muted">{formatDateTime(notification.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
