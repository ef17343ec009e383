import type { Socket } from 'socket.io';
import { z } from 'zod';
import { SOCKET_EVENTS } from '@sortie/core/domain';
import type { AppContext } from '../http/context';

/**
 * How far back a socket that connects is sent the pushes it may have missed. A page sends a like
 * as soon as its button is ready, which can be before its socket has joined its user's room (the
 * first connection, or the new handshake after a sign-in): the badge that like earns is pushed
 * into an empty room. Sent again at the connection, it reaches the page at once; the page's inbox
 * shows each notification once, whatever the number of times it is pushed.
 */
export const PUSH_CATCH_UP_SECONDS = 10;

const Row = z.object({ id: z.string(), data: z.object({ title: z.string(), body: z.string().default('') }).loose() });

/** Pushes to the socket of `user` their unread notifications of the last PUSH_CATCH_UP_SECONDS, oldest first. */
export async function catchUpPushes(ctx: AppContext, socket: Socket, user: { _id: string } | null): Promise<void> {
  if (!user) return;
  const rows = await ctx.db.query(
    `SELECT id, data FROM notifications WHERE user_id = $1 AND read_at IS NULL AND created_at > now() - make_interval(secs => $2) ORDER BY created_at, id`,
    [user._id, PUSH_CATCH_UP_SECONDS],
  );
  for (const row of rows) {
    const { id, data } = Row.parse(row);
    socket.emit(SOCKET_EVENTS.push, { data: { id }, notification: { title: data.title, body: data.body } });
  }
}
