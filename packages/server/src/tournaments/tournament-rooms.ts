import { randomBytes } from 'node:crypto';
import { runTournamentAction, TournamentInputSchema, TournamentRefusal, type TournamentActionName, type TournamentActor } from '@sortie/core/domain';
import type { Db } from '../db/database';
import { PostgresDb } from '../db/database';
import type { Json, Store } from '../db/store';
import { listenForChanges, notifyChange, type ChangeListener } from './tournament-channel';

/** Tournaments kept in memory at most (the oldest copy goes first). */
export const MAX_TOURNAMENT_COPIES = 2000;
export const TOURNAMENT_NOT_FOUND = 'Tournoi introuvable.';

export interface TournamentRoomsOptions {
  db: Db;
  store: Store;
  /** Every new state of a tournament, once stored: to broadcast to its room. */
  changed(tournament: Json): void;
  /** Whether anyone here follows the tournament (a change made elsewhere is then read and broadcast). */
  followed(tournamentId: string): boolean;
  log(message: string): void;
}

/**
 * The server's authority over live tournaments. Reads (`get`) are answered from a memory copy;
 * writes run core's actions one at a time per tournament, in a transaction that locks the row
 * (SELECT … FOR UPDATE), and are acknowledged once committed; the copy is replaced after commit.
 *
 * Several processes may share one PostgreSQL: each write NOTIFYs the others in its transaction,
 * and a process trusts its copies only while it LISTENs (a drop forgets them all). A copy is kept
 * only if no change was heard while it was being read or written (a generation per tournament).
 */
export class TournamentRooms {
  private readonly copies = new Map<string, Json>();
  private readonly generations = new Map<string, number>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private epoch = 0;
  /** Names this process in its notifications. */
  private readonly node = randomBytes(6).toString('hex');
  private readonly listener: ChangeListener | null;

  constructor(private readonly options: TournamentRoomsOptions) {
    const { db } = options;
    this.listener =
      db.kind === 'postgres' && db instanceof PostgresDb
        ? listenForChanges(db.pool.options, this.node, {
            changed: (id) => this.forget(id, { refresh: true }),
            reset: () => this.forgetAll(),
            log: options.log,
          })
        : null;
  }

  /** The tournament as last stored, or null; from memory when this process may trust its copy. */
  async read(id: string): Promise<Json | null> {
    const copy = this.copies.get(id);
    if (copy) return copy;
    const stamp = this.stamp(id);
    const stored = await this.options.store.get('tournaments', id);
    if (stored) this.keep(stored, stamp);
    return stored;
  }

  /**
   * Runs a socket action as the authority: after the writes already queued for this tournament,
   * in one transaction; resolves with the stored tournament, or rejects with core's French
   * TournamentRefusal (nothing stored).
   */
  run(id: string, action: TournamentActionName, actor: TournamentActor | null, params: unknown): Promise<Json> {
    return this.inTurn(id, async () => {
      const stamp = this.stamp(id);
      const { db, store } = this.options;
      const updated = await db.transaction(async (tx) => {
        const row = await store.getRow('tournaments', id, { db: tx, forUpdate: true });
        if (!row) throw new TournamentRefusal(TOURNAMENT_NOT_FOUND);
        // Through core's schema: the fields the rules do not own (name, game, eventId) go along untouched.
        const current = TournamentInputSchema.loose().parse(row['data']);
        const saved = await store.replace('tournaments', id, runTournamentAction(action, current, actor, params), tx);
        if (!saved) throw new TournamentRefusal(TOURNAMENT_NOT_FOUND);
        if (this.listener) await notifyChange(tx, this.node, id);
        return saved;
      });
      this.keep(updated, stamp);
      this.options.changed(updated);
      return updated;
    });
  }

  /**
   * A tournament was written otherwise (REST create, update or delete): the copy goes, the other
   * processes are told, and the room is sent the new state.
   */
  invalidate(id: string): void {
    this.forget(id, { refresh: true });
    if (this.listener) notifyChange(this.options.db, this.node, id).catch((error: Error) => this.options.log(`Tournois : changement non signalé (${error.message}).`));
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.forgetAll();
  }

  /** Whether changes made elsewhere are heard: alone on the database, or listening. */
  private get trusted(): boolean {
    return !this.listener || this.listener.listening;
  }

  private stamp(id: string): string {
    return `${this.epoch}:${this.generations.get(id) ?? 0}`;
  }

  /** Keeps a copy read or written since `stamp`, unless a change was heard meanwhile. */
  private keep(tournament: Json, stamp: string): void {
    const id = tournament._id;
    if (!this.trusted || this.stamp(id) !== stamp) {
      this.copies.delete(id);
      return;
    }
    this.copies.delete(id);
    if (this.copies.size >= MAX_TOURNAMENT_COPIES) this.copies.delete(this.copies.keys().next().value!);
    this.copies.set(id, tournament);
  }

  private forget(id: string, { refresh }: { refresh: boolean }): void {
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    this.copies.delete(id);
    if (!refresh || !this.options.followed(id)) return;
    // In turn with the writes, so that the room never receives an older state after a newer one.
    this.inTurn(id, () => this.read(id))
      .then((tournament) => tournament && this.options.changed(tournament))
      .catch((error: Error) => this.options.log(`Tournois : relecture impossible (${error.message}).`));
  }

  private forgetAll(): void {
    this.epoch += 1;
    this.copies.clear();
    this.generations.clear();
  }

  /** Runs `task` after every task queued before it for the same tournament. */
  private inTurn<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return result;
  }
}
