import { inject, injectable } from 'inversify';
import type { Notification } from '../domain/schemas/people.schema';
import { ClockPort } from '../ports/clock.port';
import { ProductApiPort } from '../ports/product-api.port';
import { QueryClient } from '../queries/query-client';
import type { NotificationPage } from '../queries/me.queries';
import { parseId } from './parse-input';
import { OPERATION_ROUTES } from '../domain/operation-routes';

export type MarkReadOutcome = { kind: 'done' } | { kind: 'failed'; cause: unknown };

const NOTIFICATIONS = ['me', 'notifications'] as const;

/**
 * Marks one notification (PUT /api/me/notifications/{id}/read) or all of them
 * (PUT /api/me/notifications/read) as read. Every loaded page of notifications shows it at
 * once, unread count included, and goes back if the server refuses.
 */
@injectable()
export class MarkNotificationsRead {
  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(QueryClient) private readonly queries: QueryClient,
    @inject(ClockPort) private readonly clock: ClockPort,
  ) {}

  /** `id`: one notification; 'all': every notification of the user. */
  async execute(which: string | 'all'): Promise<MarkReadOutcome> {
    const id = which === 'all' ? null : parseId(which);
    const readAt = this.clock.now().toISOString();
    const markOne = (n: Notification): Notification => (n.readAt || (id !== null && n._id !== id) ? n : { ...n, readAt });
    const rollback = this.queries.patch<NotificationPage>(NOTIFICATIONS, (page) => {
      const items = page.items.map(markOne);
      const newlyRead = items.filter((n, i) => n !== page.items[i]).length;
      return { ...page, items, unread: id === null ? 0 : Math.max(0, page.unread - newlyRead) };
    });
    try {
      if (id === null) await this.api.call(OPERATION_ROUTES.markAllNotificationsRead);
      else await this.api.call(OPERATION_ROUTES.markNotificationRead, { path: { id } });
      return { kind: 'done' };
    } catch (cause) {
      rollback();
      return { kind: 'failed', cause };
    }
  }
}
