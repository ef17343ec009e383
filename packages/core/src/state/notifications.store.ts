import { proxy } from 'valtio/vanilla';
import type { Notification } from '../domain/schemas/people.schema';

/** SPEC.md §3 and §4: the notifications received, and the toast, hidden at first. */
export interface NotificationsState {
  notifications: Notification[];
  toast: { visible: boolean; notification: Notification | null };
}

/** A new notifications store; NotificationInbox owns it and is its only writer. */
export function createNotificationsState(): NotificationsState {
  return proxy<NotificationsState>({ notifications: [], toast: { visible: false, notification: null } });
}
