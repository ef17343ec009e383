import type { Db } from './database';
import { isDatabaseUnavailable } from './availability';

export interface WriteCheckOptions {
  /** A check that found the database writable holds this long (ms), unless a request's write is refused meanwhile. */
  okMs?: number;
  /** A check that failed holds this long (ms): a flood of /api/ready makes at most one write per this. */
  failedMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

interface Verdict {
  at: number;
  /** Null: the database took a write. */
  error: unknown;
  /** The database's refusal count when the verdict was given. */
  refusals: number;
}

/**
 * Whether this node can write now, as /api/ready tells the load balancer. A `SELECT 1` answers
 * on a full disk, so the check writes: a row in a temporary table emptied at each commit, which
 * needs a new page as any growing table does. A write a request finds refused (Availability)
 * makes the next check write again at once; otherwise a verdict is reused for `okMs`, and a
 * failing one for `failedMs`, so that the endpoint, public, cannot be turned into a stream of writes.
 */
export class WriteCheck {
  private verdict: Verdict | null = null;
  private running: Promise<unknown> | null = null;
  private warned = false;
  private readonly okMs: number;
  private readonly failedMs: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(
    private readonly db: Db,
    options: WriteCheckOptions = {},
  ) {
    this.okMs = options.okMs ?? 1000;
    this.failedMs = options.failedMs ?? 250;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /** Null when the database takes writes; else why not (the error of the failed write or connection). */
  async check(): Promise<unknown> {
    const availability = this.db.availability;
    const last = this.verdict;
    if (last) {
      const fresh = this.now() - last.at < (last.error ? this.failedMs : this.okMs);
      const unchanged = !availability || (!availability.isDown && availability.refusals === last.refusals);
      if (fresh && (last.error !== null || unchanged)) return last.error;
    }
    this.running ??= this.probe().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async probe(): Promise<unknown> {
    let error: unknown = null;
    try {
      await this.db.transaction(async (tx) => {
        // Made once per connection, emptied in place at each commit: each check's row needs the file's
        // first page again, and the catalogs see no churn (a load balancer polls every few seconds).
        await tx.query('CREATE TEMP TABLE IF NOT EXISTS sortie_write_check (at timestamptz) ON COMMIT DELETE ROWS');
        await tx.query('INSERT INTO sortie_write_check VALUES (now())');
      });
      this.db.availability?.wrote();
    } catch (failure) {
      if (isDatabaseUnavailable(failure)) error = failure;
      else {
        // Not the database's health (a role without the TEMP privilege…): reachable is then all we can tell.
        if (!this.warned) this.log(`/api/ready : l’écriture de contrôle est refusée (${failure instanceof Error ? failure.message : String(failure)}) ; seule la connexion est vérifiée.`);
        this.warned = true;
        error = await this.db.query('SELECT 1').then(
          () => null,
          (e: unknown) => e,
        );
      }
    }
    this.verdict = { at: this.now(), error, refusals: this.db.availability?.refusals ?? 0 };
    return error;
  }
}
