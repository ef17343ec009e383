import { describe, expect, it } from 'vitest';
import { QueryClient } from '../queries/query-client';
import { meQueries, type NotificationPage } from '../queries/me.queries';
import { aNotification, anId, createTestContainer } from '../testing';
import { MarkNotificationsRead } from './mark-notifications-read.use-case';

const FIRST = anId(1);
const SECOND = anId(2);
const page: NotificationPage = {
  meta: { total: 3, limit: 20, offset: 0 },
  unread: 3,
  items: [aNotification({ _id: FIRST }), aNotification({ _id: SECOND }), aNotification({ _id: anId(3), readAt: '2026-01-01T00:00:00.000Z' })],
};

async function setup() {
  const { container, fakes } = createTestContainer();
  const queries = container.get(QueryClient);
  fakes.api.answerOnce('request', structuredClone({ ...page, unread: 2 }));
  await queries.fetch(meQueries.notifications(20, 0));
  // From now on the server accepts every change, answering as it does: the notification, or the count marked.
  fakes.api.answer('request', { _id: FIRST, updated: 2 });
  const read = () => queries.data<NotificationPage>(meQueries.notifications(20, 0).key)!;
  return { mark: container.get(MarkNotificationsRead), read, ...fakes };
}

const readIds = (p: NotificationPage) => p.items.filter((n) => n.readAt).map((n) => n._id);

describe('MarkNotificationsRead', () => {
  it('marks one as read at once, with one unread less, then tells the server', async () => {
    const { mark, read, api } = await setup();
    const done = mark.execute(FIRST);
    expect(readIds(read())).toEqual([FIRST, anId(3)]);
    expect(read().unread).toBe(1);
    expect(await done).toEqual({ kind: 'done' });
    expect(api.lastCallTo('request')).toEqual(['PUT', `/me/notifications/${FIRST}/read`, {}]);
  });

  it('marks all of them', async () => {
    const { mark, read, api } = await setup();
    await mark.execute('all');
    expect(readIds(read())).toEqual([FIRST, SECOND, anId(3)]);
    expect(read().unread).toBe(0);
    expect(api.lastCallTo('request')).toEqual(['PUT', '/me/notifications/read', {}]);
  });

  it('puts the page back when the server refuses', async () => {
    const { mark, read, api } = await setup();
    const refusal = new Error('hors ligne');
    api.failOnce('request', refusal);
    expect(await mark.execute('all')).toEqual({ kind: 'failed', cause: refusal });
    expect(readIds(read())).toEqual([anId(3)]);
    expect(read().unread).toBe(2);
  });
});
