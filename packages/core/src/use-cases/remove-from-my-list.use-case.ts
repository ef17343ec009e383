import { inject, injectable } from 'inversify';
import type { Page } from '../domain/schemas/common.schema';
import type { Event } from '../domain/schemas/events.schema';
import { ProductApiPort } from '../ports/product-api.port';
import { QueryClient, type Rollback } from '../queries/query-client';
import { eventQueries } from '../queries/events.queries';
import { meQueries, type FollowStatus, type LikeStatus } from '../queries/me.queries';
import { parseId } from './parse-input';
import { OPERATION_ROUTES } from '../domain/operation-routes';

/** A line of the user's lists: a liked event (/users/likes) or a follow (/users/following). */
export type MyListItem = { list: 'likes'; eventId: string } | { list: 'following'; followId: string };

export type RemoveOutcome = { kind: 'done' } | { kind: 'failed'; cause: unknown };

/**
 * Takes a line off the user's likes or follows (DELETE /api/me/likes/{eventId},
 * DELETE /api/me/follows/{followId}). The line leaves every loaded page of the list at once,
 * and the like or follow buttons of the same event or target show it too; all of it comes
 * back if the server refuses.
 */
@injectable()
export class RemoveFromMyList {
  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(QueryClient) private readonly queries: QueryClient,
  ) {}

  async execute(item: MyListItem): Promise<RemoveOutcome> {
    const id = parseId(item.list === 'likes' ? item.eventId : item.followId);
    const without = <T extends { _id: string }>(page: Page<T>): Page<T> => ({ ...page, items: page.items.filter((line) => line._id !== id) });
    const rollbacks: Rollback[] =
      item.list === 'likes'
        ? [
            this.queries.patch<Page<Event>>(['me', 'liked'], without),
            this.queries.patch<LikeStatus>(meQueries.like(id).key, () => ({ liked: false })),
            this.queries.patch<Event>(eventQueries.one(id).key, (event) => ({ ...event, likeCount: Math.max(0, event.likeCount - 1) })),
          ]
        : [
            this.queries.patch<Page<{ _id: string }>>(['me', 'following'], without),
            this.queries.patch<FollowStatus>(['me', 'follows'], (status) => (status.followId === id ? { following: false, followId: null } : status)),
          ];
    try {
      if (item.list === 'likes') await this.api.call(OPERATION_ROUTES.unlike, { path: { eventId: id } });
      else await this.api.call(OPERATION_ROUTES.unfollow, { path: { id } });
      return { kind: 'done' };
    } catch (cause) {
      for (const rollback of rollbacks.reverse()) rollback();
      return { kind: 'failed', cause };
    }
  }
}
