import { linkTargetFor, LinkPageSchema, LinkTargetsSchema, type LinkPage, type LinkTargets } from '@sortie/core';
import type { Db } from '../db/database';
import { isDatabaseUnavailable } from '../db/availability';
import { visitBatches, type VisitToStore } from './visit-batches';
import { WRITE_VISITS } from './visit-statements';
import type { VisitJournal } from './visit-journal';

export interface CachedLink {
  id: string;
  url: string;
  /** Where phones and computers go instead of `url` (issue 36). */
  targets: LinkTargets | null;
  /** The hash of its password, when it asks for one. */
  passwordHash: string | null;
  /** The place or organisation whose page it opens instead of redirecting (« lien en bio »). */
  page: LinkPage | null;
  expiresAt: number | null;
  maxVisits: number | null;
  /** Visits stored plus those waiting in the buffer. */
  visits: number;
}

/** What the redirect knows of a request beyond its user agent: kept as it is, read when the buffer is written. */
export interface VisitRequest {
  referrer?: string;
  /** Opened from a QR code (`/r/{code}?q`). */
  qr?: boolean;
  head?: boolean;
}

/** A visit as the redirect keeps it: what the request said, as it is (no Date, no string built per visit). */
interface PendingVisit extends VisitToStore {
  /** The link has a maximum of visits: the other processes must count this one too. */
  capped: boolean;
}

/**
 * How long a visit waits at most for others to share its write (issue 34: group commit). Its
 * 302 is answered once that write is stored, so that a server killed at any instant has
 * answered no visit it had not stored. A write starts as soon as as many visits wait as the
 * last write answered (the visitors just answered come back with their next click, a crowd
 * scanning a poster keeps coming), or after this wait: alone, a visit is written at once; under
 * load, each statement carries many (on PostgreSQL: the embedded database writes a line of its
 * visit journal instead, which costs no round trip, as soon as the turn of the event loop ends).
 */
export const VISIT_GATHER_MS = 2;
/** The first retry after a failed write; the next ones wait twice as long each time (VISIT_RETRY_MAX_MS). */
export const VISIT_RETRY_MS = 250;
/**
 * Visits a statement carries at most: more are written in several, one after the other, so that
 * preparing them (on the redirect's event loop, about 1 µs a visit) never holds the redirects
 * for long (issue 36: p99 ≤ 15 ms). Also the most a row of link_visit_batches holds (its view
 * numbers a row's visits below 4,096).
 */
const MAX_BATCH = 2000;
/** Once a flush failed, the next tries wait twice as long each time, up to this. */
export const VISIT_RETRY_MAX_MS = 2000;
/**
 * Visits kept while the database cannot take them (about 300 bytes each: 60 MB at most). Past
 * it, a visitor is still sent on but the visit is not counted, and the log says so.
 */
export const MAX_PENDING_VISITS = 200_000;
/** How long closing waits for a database that is down to take the buffered visits. */
const CLOSE_GRACE_MS = 5000;

/**
 * The short-link fast path: code → link from memory (loaded on first use, dropped whenever a
 * link is written), visits gathered for at most VISIT_GATHER_MS and written in one statement
 * (on the embedded database, one line of its visit journal: see VisitJournal), each visitor
 * answered once its visit is stored (record's `stored`).
 */
export class ShortLinks {
  private readonly cache = new Map<string, CachedLink | null>();
  /**
   * What the cache held when it was last dropped by another process's word or by the change bus
   * losing its connection (the database restarting): served only while the database cannot be
   * read, so that a poster's QR code keeps working through a restart. A write here clears it.
   */
  private readonly stale = new Map<string, CachedLink | null>();
  private pending: PendingVisit[] = [];
  /** Who waits for the pending visits to be stored (the redirects to answer). */
  private waiting: Array<() => void> = [];
  /**
   * Writes asked for and not yet ended (counted from the moment flush() is called, not when its
   * turn comes): while one is under way, the visits arriving meanwhile are the next one, sent as
   * soon as it ends, rather than one statement each.
   */
  private writes = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The write of the visits gathered so far, due VISIT_GATHER_MS after the first. */
  private gathering: NodeJS.Timeout | null = null;
  /** The journal's write of the visits read in this turn of the event loop. */
  private soon: NodeJS.Immediate | null = null;
  /** When the first of the pending visits came (the gathering's start). */
  private firstPendingAt = 0;
  /** Visitors the last write answered: as many visits are awaited before the next, for VISIT_GATHER_MS at most. */
  private expected = 1;
  private flushing: Promise<void> = Promise.resolve();
  private lastError: unknown = null;
  /** Flushes failed in a row (the database down): the next waits longer. */
  private failures = 0;
  /** Visits not kept because the buffer was full, since the last time the log said so. */
  private dropped = 0;
  /** Bumped by every invalidation: a load begun before one must not fill the cache after it. */
  private generation = 0;
  /** Tells the other server processes that links changed (set by the app when it has a bus). */
  announce: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly log: (line: string) => void = (line) => console.error(line),
    private readonly maxPending = MAX_PENDING_VISITS,
    /** The embedded database's: a write of visits is a line appended there (see VisitJournal); none on PostgreSQL. */
    private readonly journal: VisitJournal | null = null,
  ) {}

  /** Forgets every cached code (called on every write to dyna links), here and on the other processes. */
  invalidate(): void {
    this.forget();
    this.stale.clear();
    this.announce?.();
  }

  /** Forgets every cached code (a link changed, here or on another process). */
  forget(): void {
    this.generation += 1;
    for (const [code, link] of this.cache) this.stale.set(code, link);
    this.cache.clear();
  }

  private async load(code: string): Promise<CachedLink | null> {
    const cached = this.cache.get(code);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    let rows: Array<{ id: string; url: string; data: Record<string, unknown> }>;
    try {
      rows = await this.db.query<{ id: string; url: string; data: Record<string, unknown> }>('SELECT id, url, data FROM dyna_links WHERE short_code = $1', [code]);
    } catch (error) {
      const stale = this.stale.get(code);
      if (stale !== undefined && isDatabaseUnavailable(error)) return stale;
      throw error;
    }
    this.stale.delete(code);
    const [row] = rows;
    const link = row
      ? {
          id: row.id,
          url: row.url,
          targets: LinkTargetsSchema.safeParse(row.data.targets).data ?? null,
          passwordHash: typeof row.data.passwordHash === 'string' && row.data.passwordHash ? row.data.passwordHash : null,
          page: row.data.page ? (LinkPageSchema.safeParse(row.data.page).data ?? null) : null,
          expiresAt: typeof row.data.expiresAt === 'string' ? Date.parse(row.data.expiresAt) : null,
          maxVisits: typeof row.data.maxVisits === 'number' ? row.data.maxVisits : null,
          visits: Number(row.data.visitCount ?? 0) + this.pending.filter((v) => v.linkId === row.id).length + (this.journal?.waitingFor(row.id) ?? 0),
        }
      : null;
    if (generation === this.generation) this.cache.set(code, link);
    return link;
  }

  /** The link of a code, from memory or loaded once (null: no such link). */
  async find(code: string): Promise<CachedLink | null> {
    return this.cache.get(code) ?? (await this.load(code));
  }

  /** The link of a code when memory knows it (null: no such link); undefined when it must be loaded. */
  cached(code: string): CachedLink | null | undefined {
    return this.cache.get(code);
  }

  /** The url to send the visitor to, recording the visit; null when unknown, expired or exhausted. */
  async visit(code: string, userAgent: string, datetime?: string, request: VisitRequest = {}): Promise<string | null> {
    const link = await this.find(code);
    if (!link || !this.usable(link)) return null;
    const at = datetime === undefined ? Number.NaN : Date.parse(datetime);
    return this.record(link, userAgent, Number.isNaN(at) ? undefined : at, request);
  }

  /**
   * Counts a visit of a usable link and answers where it leads (the target of the visitor's
   * system, else its url). Only what the request said is kept here: what it tells (bot, device,
   * referrer's host…) is read when the visits are written, off the redirect's path.
   * `stored` is called with that target once the visit is stored: a redirect is answered only
   * then (issue 34). While the database cannot take visits, at once: a poster's QR code keeps
   * working through an outage, its visits kept in memory and written when it is back.
   */
  record(link: CachedLink, userAgent: string, at?: number, request: VisitRequest = {}, stored?: (target: string) => void): string {
    const target = linkTargetFor(link, userAgent);
    if (this.pending.length >= this.maxPending) {
      // The database has been away for long: memory is bounded, the visitor still goes on.
      if (this.dropped++ === 0) this.log(`Liens courts : ${this.pending.length} visites en attente et la base de données ne les a pas encore prises${this.lastError ? ` (${String(this.lastError)})` : ''} : les visites suivantes ne sont plus comptées jusqu’à son retour.`);
      stored?.(target);
      return target;
    }
    link.visits += 1;
    this.pending.push({
      linkId: link.id,
      at: at ?? this.now(),
      userAgent: userAgent.slice(0, 1000),
      referrer: (request.referrer ?? '').slice(0, 500),
      qr: request.qr ?? false,
      head: request.head ?? false,
      target,
      capped: link.maxVisits !== null,
    });
    if (stored) {
      if (this.failures > 0) stored(target);
      else this.waiting.push(() => stored(target));
    }
    if (this.pending.length === 1) this.firstPendingAt = this.now();
    // While the database is down, the retry timer paces the writes, however many visits wait;
    // while a write is under way, the next one is considered when it ends.
    if (this.failures > 0) this.schedule();
    else if (this.writes === 0) this.gather();
    return target;
  }

  /** The link's close has begun: nothing more is answered, a visit could no longer be stored. */
  get stopping(): boolean {
    return this.closing;
  }

  /** Writes the pending visits now if as many wait as the last write answered, else once the first has waited VISIT_GATHER_MS. */
  private gather(): void {
    // A line of the journal costs a system call, not a round trip: the visits read in this turn
    // of the event loop go together, written as soon as it ends.
    if (this.journal) {
      this.soon ??= setImmediate(() => void this.flush());
      return;
    }
    if (this.pending.length >= Math.min(this.expected, MAX_BATCH)) {
      void this.flush();
      return;
    }
    this.gathering ??= setTimeout(() => void this.flush(), Math.max(0, this.firstPendingAt + VISIT_GATHER_MS - this.now()));
  }

  /** The next try after a failed write: a backoff while the database is down. */
  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), Math.min(VISIT_RETRY_MS * 2 ** (this.failures - 1), VISIT_RETRY_MAX_MS));
  }

  private cancelSchedule(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.gathering) clearTimeout(this.gathering);
    if (this.soon) clearImmediate(this.soon);
    this.soon = null;
    this.timer = null;
    this.gathering = null;
  }

  private answer(waiting: Array<() => void>): void {
    for (const answer of waiting) answer();
  }

  /** Why a code leads nowhere: unknown, expired (on its date) or its visits all used; null when it is usable. */
  async refusal(code: string): Promise<'unknown' | 'exhausted' | { expiresAt: number } | null> {
    const link = this.cache.get(code) ?? (await this.load(code));
    if (!link) return 'unknown';
    if (link.expiresAt !== null && link.expiresAt <= this.now()) return { expiresAt: link.expiresAt };
    return this.usable(link) ? null : 'exhausted';
  }

  usable(link: { expiresAt: number | null; maxVisits: number | null; visits: number }): boolean {
    if (link.expiresAt !== null && link.expiresAt <= this.now()) return false;
    return link.maxVisits === null || link.visits < link.maxVisits;
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Visits not counted since the buffer last overflowed (0 unless the database was away for long). */
  get droppedCount(): number {
    return this.dropped;
  }

  /**
   * Writes the pending visits and bumps each link's visitCount, MAX_BATCH visits per statement
   * (a backlog is written in several, each of a bounded size), then answers who waited for them.
   * A failed write keeps its visits, and those after it, and tries again after a backoff (250 ms,
   * doubling, 2 s at most): the database restarting loses none of them; who waited is answered.
   */
  flush(): Promise<void> {
    this.cancelSchedule();
    const batch = this.pending;
    const waiting = this.waiting;
    this.pending = [];
    this.waiting = [];
    this.writes += 1;
    this.flushing = this.flushing.then(async () => {
      try {
        for (let start = 0; start < batch.length; start += MAX_BATCH) {
          try {
            const slice = batch.slice(start, start + MAX_BATCH);
            await this.write(slice);
            // Each process counts its own visits against a link's maximum: once stored, the others
            // reload theirs (a capped link may overshoot by what one write lets through).
            if (slice.some((v) => v.capped)) this.announce?.();
          } catch (error) {
            // The database unreachable, or any other failure: nothing is dropped, the write is tried again.
            this.pending = batch.slice(start).concat(this.pending);
            this.lastError = error;
            if (this.failures++ === 0) this.log(`Liens courts : ${this.pending.length} visites en attente, la base de données ne les prend pas (${String(error)}) : nouvel essai sous peu, rien n’est perdu.`);
            this.answer(waiting.concat(this.waiting));
            this.waiting = [];
            if (!this.closing) this.schedule();
            return;
          }
        }
      } finally {
        this.writes -= 1;
      }
      this.answer(waiting);
      // Those answered now and those already waiting are the visitors under way (not a backlog
      // the database just took): the next write waits for all of them, so that it carries
      // as many as possible rather than splitting them into two halves that take turns.
      this.expected = Math.max(1, waiting.length + this.waiting.length);
      if (this.failures > 0 || this.dropped > 0) {
        this.log(`Liens courts : visites en attente enregistrées, la base de données répond de nouveau${this.dropped ? ` (${this.dropped} visites n’ont pas pu être comptées, le tampon étant plein)` : ''}.`);
        this.failures = 0;
        this.dropped = 0;
        this.lastError = null;
      }
      // The visits that arrived during this write: theirs starts now, or once the others are back.
      if (this.pending.length && !this.timer) this.gather();
    });
    return this.flushing;
  }

  private closing = false;

  private async write(visits: PendingVisit[]): Promise<void> {
    const { rows, links, visits: counts } = visitBatches(visits);
    if (this.journal) {
      this.journal.append(rows, links, counts);
      return;
    }
    await this.db.query(WRITE_VISITS, [rows, links, counts], 'sortie_write_visits');
  }

  /** Writes the visits waiting, and moves the journal's into the table: what reads the visits waits for it first. */
  async settled(): Promise<void> {
    await this.flush();
    await this.journal?.settled();
  }

  async close(): Promise<void> {
    this.closing = true;
    // What arrived during the last write is written by the next, until none is left.
    do await this.flush();
    while (this.pending.length && this.failures === 0);
    // The database restarting as the server stops: it is given a few seconds to come back.
    const deadline = Date.now() + CLOSE_GRACE_MS;
    while (this.pending.length && isDatabaseUnavailable(this.lastError) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(VISIT_RETRY_MAX_MS, Math.max(0, deadline - Date.now()))));
      await this.flush();
    }
    this.cancelSchedule();
    await this.journal?.close();
    // Said, never silent: these visits were answered with a 302 but could not be stored.
    if (this.pending.length) console.error(`Liens courts : ${this.pending.length} visites non enregistrées à l’arrêt (${String(this.lastError)}).`);
  }
}
