import { createHash } from 'node:crypto';

/**
 * How a session token is known to the database (sessions.token_hash) and to the socket rooms
 * (`session:<hash>`): its SHA-256 in hex. The token itself is never stored.
 */
export function sessionTokenHash(token: string): string {
  let hash = recentHashes.get(token);
  if (hash === undefined) {
    if (recentHashes.size >= RECENT_HASHES) recentHashes.clear();
    hash = createHash('sha256').update(token).digest('hex');
    recentHashes.set(token, hash);
  }
  return hash;
}

/**
 * The hashes of the tokens seen lately: each request of a signed-in visitor hashes its cookie's
 * token to find its session (issue 34: 1.5 % of the server's time under a crowd reading feeds).
 * A hash says nothing of the session (whether it still holds is read where it is kept); forgotten
 * all at once past RECENT_HASHES tokens.
 */
const RECENT_HASHES = 10_000;
const recentHashes = new Map<string, string>();

/** The socket.io room of a session's sockets, from its stored hash: closed when the session ends. */
export const sessionRoomOfHash = (hash: string): string => `session:${hash}`;
