import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { NotificationInbox } from '@sortie/core';
import { useUseCase } from '../../services/container-context';

/** Watches the inbox's live notifications: each new one calls `reload`. Its own chunk, with the use cases. */
export default function SessionReloadOnNotification({ reload }: { reload: () => void }) {
  const inbox = useUseCase(NotificationInbox);
  const { notifications } = useSnapshot(inbox.state);
  const seen = useRef(notifications.length);
  useEffect(() => {
    if (notifications.length === seen.current) return;
    seen.current = notifications.length;
    reload();
  }, [notifications.length, reload]);
  return null;
}
