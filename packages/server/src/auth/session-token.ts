import { createHash } from 'node:crypto';
import { memo } from '../memo';

/**
 * How a session token is known to the database (sessions.token_hash) and to the socket rooms
 * (`session:<hash>`): its SHA-256 in hex. The token itself is never stored.
 * Remembered for the tokens seen lately (memo, 10,000): each request of a signed-in visitor hashes
 * its cookie's token to find its session (issue 34: 1.5 % of the server's time under a crowd
 * reading feeds). A hash says nothing of the session: whether it still holds is read where it is kept.
 */
export const sessionTokenHash: (token: string) => string = memo(10_000, (token) => createHash('sha256').update(token).digest('hex'));

/** The socket.io room of a session's sockets, from its stored hash: closed when the session ends. */
export const sessionRoomOfHash = (hash: string): string => `session:${hash}`;
