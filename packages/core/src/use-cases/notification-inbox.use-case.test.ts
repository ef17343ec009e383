import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TOAST_CLOSE_DELAY_MS } from '../domain/constants';
import { aNotification, anId, createTestContainer } from '../testing';
import { NotificationInbox } from './notification-inbox.use-case';

function setup() {
  const { container, fakes } = createTestContainer();
  const inbox = container.get(NotificationInbox);
  const first = aNotification({ _id: anId(101), title: 'Concert ce soir', icon: 'https://example.fr/avatar.png' });
  const second = aNotification({ _id: anId(102), title: 'Tombola tirée' });
  fakes.api.seed('notifications', first, second);
  return { inbox, first, second, ...fakes };
}

/** Lets the fetch started by a push message settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('NotificationInbox', () => {
  it('starts with no notification and the toast hidden', () => {
    const { inbox } = setup();
    expect(inbox.state).toEqual({ notifications: [], toast: { visible: false, notification: null } });
  });

  it('fetches the notification of each push message, appends it and shows the toast', async () => {
    const { inbox, push, api, first, second } = setup();
    inbox.start(() => expect.unreachable());

    push.deliver({ data: { id: first._id } });
    await settle();
    expect(api.callsTo('getNotification')).toEqual([[first._id]]);
    expect(inbox.state.notifications).toEqual([first]);
    expect(inbox.state.toast).toEqual({ visible: true, notification: first });

    push.deliver({ data: { id: second._id } });
    await settle();
    expect(inbox.state.notifications).toEqual([first, second]);
    expect(inbox.state.toast).toEqual({ visible: true, notification: second });
  });

  it('shows a notification pushed twice once (a socket that connects is sent again what it may have missed)', async () => {
    const { inbox, push, api, first } = setup();
    inbox.start(() => expect.unreachable());
    // The two pushes arrive before the first fetch has answered, then once more later.
    push.deliver({ data: { id: first._id } });
    push.deliver({ data: { id: first._id } });
    await settle();
    push.deliver({ data: { id: first._id } });
    await settle();
    expect(api.callsTo('getNotification')).toEqual([[first._id]]);
    expect(inbox.state.notifications).toEqual([first]);
  });

  it('fetches again a notification whose first fetch failed', async () => {
    const { inbox, api, first } = setup();
    api.failOnce('getNotification', new Error('réseau'));
    expect((await inbox.receive({ data: { id: first._id } })).kind).toBe('failed');
    expect((await inbox.receive({ data: { id: first._id } })).kind).toBe('shown');
    expect(inbox.state.notifications).toEqual([first]);
  });

  it('closes the toast after 5000 ms, not before', async () => {
    const { inbox, clock, first } = setup();
    await inbox.receive({ data: { id: first._id } });

    expect(NOTIFICATION_TOAST_CLOSE_DELAY_MS).toBe(5000);
    clock.advance(4999);
    expect(inbox.state.toast.visible).toBe(true);
    clock.advance(1);
    expect(inbox.state.toast.visible).toBe(false);
    expect(inbox.state.notifications).toEqual([first]);
  });

  it('restarts the 5000 ms when another message arrives', async () => {
    const { inbox, clock, first, second } = setup();
    await inbox.receive({ data: { id: first._id } });
    clock.advance(3000);
    await inbox.receive({ data: { id: second._id } });
    clock.advance(4999);
    expect(inbox.state.toast).toEqual({ visible: true, notification: second });
    clock.advance(1);
    expect(inbox.state.toast.visible).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it('returns a failed fetch with its cause, and appends or shows nothing', async () => {
    const { inbox, api, logger } = setup();
    const failure = new Error('500');
    api.fail('getNotification', failure);
    await expect(inbox.receive({ data: { id: anId(103) } })).resolves.toEqual({ kind: 'failed', id: anId(103), cause: failure });
    expect(inbox.state).toEqual({ notifications: [], toast: { visible: false, notification: null } });
    expect(logger.entries.error).toEqual([]);
  });

  it('hands the failures of pushed messages to the caller of start', async () => {
    const { inbox, push, api } = setup();
    const failures: unknown[] = [];
    inbox.start((failure) => failures.push(failure));
    api.fail('getNotification', new Error('500'));
    push.deliver({ data: { id: anId(104) } });
    await settle();
    expect(failures).toEqual([{ kind: 'failed', id: anId(104), cause: expect.any(Error) }]);
  });

  it('refuses a message without a valid notification id, without asking the server', async () => {
    const { inbox, api } = setup();
    expect(await inbox.receive({ data: {} } as never)).toMatchObject({ kind: 'failed', id: undefined });
    expect(await inbox.receive({ data: { id: '../../admin' } })).toMatchObject({ kind: 'failed', id: '../../admin' });
    expect(api.calls).toEqual([]);
    expect(inbox.state.notifications).toEqual([]);
  });

  it('closeToast hides the toast at once and cancels the pending close', async () => {
    const { inbox, clock, first } = setup();
    await inbox.receive({ data: { id: first._id } });
    inbox.closeToast();
    expect(inbox.state.toast.visible).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it('stops listening once unsubscribed', async () => {
    const { inbox, push, api, first } = setup();
    const stop = inbox.start(() => undefined);
    stop();
    push.deliver({ data: { id: first._id } });
    await settle();
    expect(api.calls).toEqual([]);
    expect(push.listenerCount).toBe(0);
  });
});
