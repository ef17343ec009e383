import { mdiBellRing, mdiClose } from '@mdi/js';
import { useSnapshot } from 'valtio';
import { NotificationInbox } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { Icon } from './Icon';

/**
 * The in-app toast of a push notification, at the bottom centre (SPEC.md §2, §4). The
 * inbox decides when it shows and closes it after 5000 ms; this only draws it.
 */
export default function NotificationToast() {
  const inbox = useUseCase(NotificationInbox);
  const { toast } = useSnapshot(inbox.state);
  const notification = toast.notification;
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-3">
      {toast.visible && notification && (
        <div
          role="status"
          aria-label="Notification"
          className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl bg-surface p-3 shadow-2xl ring-1 ring-line"
        >
          {notification.icon ? (
            <img src={notification.icon} alt="" className="size-10 shrink-0 rounded-full object-cover" width={40} height={40} />
          ) : (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/20 text-primary">
              <Icon path={mdiBellRing} size={22} />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{notification.title}</p>
            {notification.body && <p className="mt-0.5 text-sm text-muted">{notification.body}</p>}
          </div>
          <button type="button" onClick={() => inbox.closeToast()} className="rounded-full p-1 text-muted hover:bg-white/10 hover:text-white">
            <Icon path={mdiClose} size={18} label="Fermer la notification" />
          </button>
        </div>
      )}
    </div>
  );
}
