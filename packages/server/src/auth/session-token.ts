import { createHash } from 'node:crypto';

/**
 * How a session token is known to the database (sessions.token_hash) and to the socket rooms
 * (`session:<hash>`): its SHA-256 in hex. The token itself is never stored.
 */
export const sessionTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The socket.io room of a session's sockets, from its stored hash: closed when the session ends. */
export const sessionRoomOfHash = (hash: string): string => `session:${hash}`;
