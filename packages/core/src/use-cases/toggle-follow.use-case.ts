import { inject, injectable } from 'inversify';
import type { FollowTarget } from '../domain/schemas/people.schema';
import { ProductApiPort } from '../ports/product-api.port';
import { QueryClient } from '../queries/query-client';
import { meQueries, type FollowStatus } from '../queries/me.queries';
import { createPendingState, toggleOptimistically, type PendingState, type ToggleOutcome } from './optimistic-outcome';
import { parseId } from './parse-input';
import { SessionService } from './session.use-case';
import { OPERATION_ROUTES } from '../domain/operation-routes';

/** The pending-state key of a follow target. */
export const followKey = (target: FollowTarget) => `${target.kind}:${target.id}`;

/**
 * Follow or unfollow a place, an organisation, an artist or a user (POST /api/me/follows,
 * DELETE /api/me/follows/{followId}). The follow shows at once in the query cache and goes
 * back if the server refuses; an unfollow needs the follow's id, so a second click waits
 * for the first answer.
 */
@injectable()
export class ToggleFollow {
  /** Targets whose follow is on its way, by `followKey`. */
  readonly state: PendingState = createPendingState();

  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(QueryClient) private readonly queries: QueryClient,
    @inject(SessionService) private readonly session: SessionService,
  ) {}

  async execute(input: FollowTarget): Promise<ToggleOutcome<FollowStatus>> {
    // The kind is checked by the type (FollowTargetSchema's enum); the id at run time.
    const target: FollowTarget = { kind: input.kind, id: parseId(input.id) };
    if (this.session.state.status !== 'authenticated') return { kind: 'sign-in' };
    const query = meQueries.follow(target);
    const current = this.queries.data<FollowStatus>(query.key);
    const pendingKey = followKey(target);
    if (!current || this.state.pending[pendingKey] || (current.following && !current.followId)) return { kind: 'ignored' };
    return toggleOptimistically(
      this.state,
      pendingKey,
      () => [this.queries.patch<FollowStatus>(query.key, () => ({ following: !current.following, followId: null }))],
      async () => {
        if (current.followId) {
          await this.api.call(OPERATION_ROUTES.unfollow, { path: { id: current.followId } });
          return { following: false, followId: null };
        }
        const follow = await this.api.call(OPERATION_ROUTES.follow, { body: target });
        const value: FollowStatus = { following: true, followId: follow._id };
        this.queries.set(query.key, value);
        return value;
      },
    );
  }
}
