import { inject, injectable } from 'inversify';
import type { Event } from '../domain/schemas/events.schema';
import { ProductApiPort } from '../ports/product-api.port';
import { QueryClient } from '../queries/query-client';
import { eventQueries } from '../queries/events.queries';
import { meQueries, type LikeStatus } from '../queries/me.queries';
import { createPendingState, toggleOptimistically, type PendingState, type ToggleOutcome } from './optimistic-outcome';
import { parseId } from './parse-input';
import { SessionService } from './session.use-case';
import { OPERATION_ROUTES } from '../domain/operation-routes';

/**
 * Like or unlike an event (PUT or DELETE /api/me/likes/{id}). The like and the event's
 * count change in the query cache at once and go back if the server refuses.
 */
@injectable()
export class ToggleLike {
  /** Events whose like is on its way, by id. */
  readonly state: PendingState = createPendingState();

  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(QueryClient) private readonly queries: QueryClient,
    @inject(SessionService) private readonly session: SessionService,
  ) {}

  async execute(eventId: string): Promise<ToggleOutcome<LikeStatus>> {
    const id = parseId(eventId);
    if (this.session.state.status !== 'authenticated') return { kind: 'sign-in' };
    const like = meQueries.like(id);
    const current = this.queries.data<LikeStatus>(like.key);
    if (!current || this.state.pending[id]) return { kind: 'ignored' };
    const next: LikeStatus = { liked: !current.liked };
    return toggleOptimistically(
      this.state,
      id,
      () => [
        this.queries.patch<LikeStatus>(like.key, () => next),
        this.queries.patch<Event>(eventQueries.one(id).key, (event) => ({ ...event, likeCount: Math.max(0, event.likeCount + (next.liked ? 1 : -1)) })),
      ],
      async () => {
        await this.api.call(next.liked ? OPERATION_ROUTES.like : OPERATION_ROUTES.unlike, { path: { eventId: id } });
        return next;
      },
    );
  }
}
