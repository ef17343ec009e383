import { describe, expect, it } from 'vitest';
import { snapshot, subscribe } from 'valtio/vanilla';
import { aNotification, aUser, createTestContainer } from '../testing';
import { NotificationInbox } from '../use-cases/notification-inbox.use-case';
import { SessionService } from '../use-cases/session.use-case';
import { createNotificationsState } from './notifications.store';
import { createSessionState } from './session.store';

/** Lets valtio's batched notifications run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the stores', () => {
  it('start as SPEC.md §4 says: session unknown, no notification, toast hidden', () => {
    expect(snapshot(createSessionState())).toEqual({ status: 'unknown', user: null });
    expect(snapshot(createNotificationsState())).toEqual({ notifications: [], toast: { visible: false, notification: null } });
  });

  it('are valtio proxies: subscribers (useSnapshot, the CLI) hear the session change', async () => {
    const { container, fakes } = createTestContainer();
    const session = container.get(SessionService);
    const statuses: string[] = [];
    subscribe(session.state, () => statuses.push(session.state.status));
    fakes.api.signedInAs(aUser());
    await session.load();
    await settle();
    expect(statuses.at(-1)).toBe('authenticated');
  });

  it('are valtio proxies: subscribers hear the toast open and close', async () => {
    const { container, fakes } = createTestContainer();
    const inbox = container.get(NotificationInbox);
    const notification = aNotification();
    fakes.api.seed('notifications', notification);
    const seen: boolean[] = [];
    subscribe(inbox.state, () => seen.push(inbox.state.toast.visible));
    await inbox.receive({ data: { id: notification._id } });
    await settle();
    fakes.clock.advance(5000);
    await settle();
    expect(seen).toEqual([true, false]);
  });
});
