/** How long a session, once read, answers without the database (issue 34: a few seconds). */
export const SESSION_CACHE_MS = 5000;
const MAX_SESSIONS = 10_000;

/** What a session's token opens: its account, or nobody; and until when the session itself lives. */
export interface CachedSession<T> {
  user: T | null;
  /** The session's own end (ms, on the cache's clock); null when no session was found. */
  expiresAt: number | null;
}

/**
 * The sessions read in the last few seconds, by token hash: a visitor's requests of one page
 * (its feed, its likes, its notifications) read the database once. Every successful write
 * through the API forgets them all, on every node (the change bus, like the public cache), so
 * that a sign-out, a session ended from another device or a role taken away counts at once.
 * A token that opens nothing is kept too, so that a flood of made-up cookies reads the
 * database once per token and per few seconds, not once per request.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, { at: number; session: Promise<CachedSession<T>> }>();

  constructor(
    /** The server's clock, on which a session's end is counted too (CachedSession.expiresAt). */
    readonly now: () => number,
    private readonly ttlMs = SESSION_CACHE_MS,
  ) {}

  /** The session of `hash`, read by `load` when not read within the last `ttlMs` (or when it has since expired). */
  async read(hash: string, load: () => Promise<CachedSession<T>>): Promise<T | null> {
    const at = this.now();
    const kept = this.entries.get(hash);
    if (kept && at - kept.at < this.ttlMs) {
      const session = await kept.session;
      // A session never outlives its own end because it was cached.
      if (session.expiresAt === null || session.expiresAt > this.now()) return session.user;
      return null;
    }
    const session = load();
    if (this.ttlMs > 0) {
      if (this.entries.size >= MAX_SESSIONS) this.entries.clear();
      const entry = { at, session };
      this.entries.set(hash, entry);
      // A failed read (the database away) is read again by the next request.
      session.catch(() => {
        if (this.entries.get(hash) === entry) this.entries.delete(hash);
      });
    }
    return (await session).user;
  }

  /** Forgets every session read: called on every write that may end one or change its account. */
  clear(): void {
    this.entries.clear();
  }
}
