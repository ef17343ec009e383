import type { Follow, FollowTarget, Notification } from '../domain/schemas/people.schema';
import type { Page } from '../domain/schemas/common.schema';
import type { Event } from '../domain/schemas/events.schema';
import type { QueryDefinition } from './query-client';
import { OPERATION_ROUTES } from '../domain/operation-routes';

/** Whether the signed-in user likes an event. */
export interface LikeStatus {
  liked: boolean;
}

/** Whether the signed-in user follows a target, and the follow's id once the server has given it. */
export interface FollowStatus {
  following: boolean;
  followId: string | null;
}

/** A page of the user's notifications, with how many are unread in all. */
export type NotificationPage = Page<Notification> & { unread: number };

/** A follow of the user's list, with its target's name (null: the target was deleted). */
export type FollowedTarget = Follow & { name: string | null };

/** The signed-in user's own reads. Every key starts with 'me': signing out invalidates ['me']. */
export const meQueries = {
  /** GET /api/me/likes/{eventId} */
  like: (eventId: string): QueryDefinition<LikeStatus> => ({
    key: ['me', 'likes', eventId],
    load: async (api) => ({ liked: Boolean((await api.call(OPERATION_ROUTES.likeState, { path: { eventId } })).liked) }),
  }),

  /** GET /api/me/follows/{kind}/{id} */
  follow: (target: FollowTarget): QueryDefinition<FollowStatus> => ({
    key: ['me', 'follows', target.kind, target.id],
    load: async (api) => {
      const { follow } = await api.call(OPERATION_ROUTES.followState, { path: { kind: target.kind, id: target.id } });
      return { following: Boolean(follow), followId: follow?._id ?? null };
    },
  }),

  /** GET /api/me/likes: a page of the events the user liked. */
  likedEvents: (limit: number, offset: number): QueryDefinition<Page<Event>> => ({
    key: ['me', 'liked', limit, offset],
    load: async (api) => (await api.call(OPERATION_ROUTES.myLikes, { query: { limit, offset } })) as unknown as Page<Event>,
  }),

  /** GET /api/me/following: a page of what the user follows. */
  following: (limit: number, offset: number): QueryDefinition<Page<FollowedTarget>> => ({
    key: ['me', 'following', limit, offset],
    load: async (api) => (await api.call(OPERATION_ROUTES.following, { query: { limit, offset } })) as unknown as Page<FollowedTarget>,
  }),

  /** GET /api/me/suggestions: upcoming events ranked from the user's follows and likes. */
  suggestions: (limit: number, offset: number): QueryDefinition<Page<Event>> => ({
    key: ['me', 'suggestions', limit, offset],
    load: async (api) => (await api.call(OPERATION_ROUTES.mySuggestions, { query: { limit, offset } })) as unknown as Page<Event>,
  }),

  /** GET /api/me/badges: the badges the user earned. */
  badges: <T>(): QueryDefinition<Page<T>> => ({
    key: ['me', 'badges'],
    load: async (api) => (await api.call(OPERATION_ROUTES.myBadges)) as unknown as Page<T>,
  }),

  /** GET /api/me/notifications, newest first. */
  notifications: (limit: number, offset: number): QueryDefinition<NotificationPage> => ({
    key: ['me', 'notifications', limit, offset],
    load: async (api) => (await api.call(OPERATION_ROUTES.myNotifications, { query: { limit, offset } })) as unknown as NotificationPage,
  }),
};
