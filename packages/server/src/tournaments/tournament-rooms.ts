import { z } from 'zod';
import { assignStations, runTournamentAction, TournamentInputSchema, TournamentRefusal, type TournamentActionName, type TournamentActor, type TournamentState } from '@sortie/core/domain';
import type { Db } from '../db/database';
import { toJson, type Json, type Store } from '../db/store';
import type { Data } from '../db/entities';
import { refreshChampionships } from './championship-standings';
import { AUDIT_COLUMNS, auditValues, recordAudit, type AuditActor, type AuditEntry } from '../audit/audit-log';
import type { ChangeBus } from '../db/notifications';

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
  /** How the processes sharing the database tell each other (null: alone on it, as the embedded default). */
  bus?: ChangeBus | null;
  /** The server's clock (ms since the epoch): when a match is called to its station. */
  now?: () => number;
}

/** A tournament as stored, with the row's version (PostgreSQL's `xmin`: the transaction that last wrote it). */
interface Copy {
  tournament: Json;
  version: string;
}

/** A write's outcome: the new copy, and the status the tournament had before. */
interface Written {
  copy: Copy;
  before: unknown;
}

/**
 * The server's authority over live tournaments. Reads (`get`) are answered from a memory copy;
 * writes run core's actions one at a time per tournament and are acknowledged once committed;
 * the copy is replaced after commit.
 *
 * A write starts from the memory copy and stores its result in one statement that only applies
 * if the row is still the version copied (`WHERE xmin = …`): one round trip. Without a copy, when
 * the row changed meanwhile, or when the copy's state refuses the action (the refusal must be the
 * stored state's), it runs in a transaction that locks the row (SELECT … FOR UPDATE).
 *
 * Several processes may share one PostgreSQL: each write NOTIFYs the others in its transaction,
 * and a process trusts its copies only while it LISTENs (a drop forgets them all). A copy is kept
 * only if no change was heard while it was being read or written (a generation per tournament).
 */
export class TournamentRooms {
  private readonly copies = new Map<string, Copy>();
  private readonly generations = new Map<string, number>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly loading = new Map<string, Promise<Json | null>>();
  private epoch = 0;
  private readonly listener: ChangeBus | null;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: TournamentRoomsOptions) {
    this.listener = options.bus ?? null;
    this.now = options.now ?? Date.now;
    this.listener?.on('tournament', (id) => {
      if (!this.closed && id) this.forget(id, { refresh: true });
    });
    this.listener?.onReset(() => this.forgetAll());
  }

  /** The tournament as last stored, or null; from memory when this process may trust its copy. */
  async read(id: string): Promise<Json | null> {
    const copy = this.copies.get(id);
    if (copy) return copy.tournament;
    // A crowd opening the same tournament at once (a QR code on the screen) makes one query.
    let loading = this.loading.get(id);
    if (!loading) {
      const started = this.load(id).finally(() => {
        if (this.loading.get(id) === started) this.loading.delete(id);
      });
      this.loading.set(id, started);
      loading = started;
    }
    return loading;
  }

  private async load(id: string): Promise<Json | null> {
    const stamp = this.stamp(id);
    const [row] = await this.options.db.query(`SELECT id, data, created_at, updated_at, xmin::text AS version FROM tournaments WHERE id = $1`, [id]);
    if (!row) return null;
    const stored = this.copyOf(row);
    this.keep(stored, stamp);
    return stored.tournament;
  }

  /**
   * Runs a socket action as the authority: after the writes already queued for this tournament,
   * in one transaction; resolves with the stored tournament, or rejects with core's French
   * TournamentRefusal (nothing stored). An action staff run is written to the audit log with the
   * write itself (`audit`: who, as the log names them), never without it.
   */
  run(id: string, action: TournamentActionName, actor: TournamentActor | null, params: unknown, audit: AuditActor | null = null): Promise<Json> {
    return this.inTurn(id, async () => {
      const stamp = this.stamp(id);
      const logged = (next: Data): AuditEntry | null => (audit ? auditEntry(audit, id, action, params, next) : null);
      const { copy: updated, before } = (await this.runOnCopy(id, action, actor, params, logged)) ?? (await this.runLocked(id, action, actor, params, logged));
      this.keep(updated, stamp);
      this.options.changed(updated.tournament);
      // A championship counts finished tournaments only: its table changes when one finishes or is reopened.
      if (before === 'finished' || updated.tournament['status'] === 'finished') await this.refreshChampionships(id);
      return updated.tournament;
    });
  }

  /** The write from the trusted memory copy, in one statement; null when it must go the locked way. */
  private async runOnCopy(id: string, action: TournamentActionName, actor: TournamentActor | null, params: unknown, logged: (next: Data) => AuditEntry | null): Promise<Written | null> {
    const copy = this.trusted ? this.copies.get(id) : undefined;
    if (!copy) return null;
    let next: Data;
    try {
      next = this.perform(action, stateOf(copy.tournament), actor, params);
    } catch (error) {
      if (error instanceof TournamentRefusal) return null;
      throw error;
    }
    const { sets, values } = this.columns(next, 4);
    const bound = [id, JSON.stringify(next), copy.version, ...values];
    const notify = this.listener ? `, pg_notify('${this.listener.channel}', $${bound.push(this.listener.payload('tournament', id))})` : '';
    // The audit entry in the same statement, from the row written: none if the version moved on (the locked way logs it then).
    const entry = logged(next);
    const audit = entry ? auditValues(entry, bound.length + 1) : null;
    if (audit) bound.push(...audit.params);
    const [row] = await this.options.db.query(
      `WITH written AS (UPDATE tournaments SET ${sets} WHERE id = $1 AND xmin::text = $3 RETURNING id, data, created_at, updated_at, xmin::text AS version)${
        audit ? `, logged AS (INSERT INTO audit_log (${AUDIT_COLUMNS}) SELECT ${audit.placeholders} FROM written)` : ''
      }
       SELECT written.*${notify} FROM written`,
      bound,
    );
    if (row) return { copy: this.copyOf(row), before: copy.tournament['status'] };
    // Written elsewhere since it was copied.
    this.copies.delete(id);
    return null;
  }

  /** The write from the stored row, locked for the transaction. */
  private async runLocked(id: string, action: TournamentActionName, actor: TournamentActor | null, params: unknown, logged: (next: Data) => AuditEntry | null): Promise<Written> {
    const { db } = this.options;
    return db.transaction(async (tx) => {
      const [row] = await tx.query(`SELECT data FROM tournaments WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) throw new TournamentRefusal(TOURNAMENT_NOT_FOUND);
      // Through core's schema: the fields the rules do not own (name, game, eventId) go along untouched.
      const current = TournamentInputSchema.loose().parse(row['data']);
      const next = this.perform(action, current, actor, params);
      const { sets, values } = this.columns(next, 3);
      const [saved] = await tx.query(`UPDATE tournaments SET ${sets} WHERE id = $1 RETURNING id, data, created_at, updated_at, xmin::text AS version`, [id, JSON.stringify(next), ...values]);
      if (!saved) throw new TournamentRefusal(TOURNAMENT_NOT_FOUND);
      const entry = logged(next);
      if (entry) await recordAudit(tx, entry);
      if (this.listener) await this.listener.publish('tournament', id, tx);
      return { copy: this.copyOf(saved), before: current.status };
    });
  }

  /**
   * Core's action, then the stations: every ready match called to the next free station
   * (tournaments/stations.ts), at the server's time; so that every state stored, and so every
   * state a phone or the TV receives, says where each match is played.
   */
  private perform<S extends TournamentState>(action: TournamentActionName, state: S, actor: TournamentActor | null, params: unknown): S {
    return assignStations(runTournamentAction(action, state, actor, params), this.now());
  }

  /**
   * The stations again after a write made otherwise (the host renamed, added or removed stations
   * through the API): the stored state locked, its stations assigned, written if they changed.
   * Null when nothing changed (or the tournament is gone).
   */
  private async restation(id: string): Promise<Copy | null> {
    return this.options.db.transaction(async (tx) => {
      const [row] = await tx.query(`SELECT data FROM tournaments WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) return null;
      const current = TournamentInputSchema.loose().parse(row['data']);
      if (current.status !== 'running') return null;
      const next = assignStations(current, this.now());
      if (next === current) return null;
      const { sets, values } = this.columns(next, 3);
      const [saved] = await tx.query(`UPDATE tournaments SET ${sets} WHERE id = $1 RETURNING id, data, created_at, updated_at, xmin::text AS version`, [id, JSON.stringify(next), ...values]);
      if (!saved) return null;
      if (this.listener) await this.listener.publish('tournament', id, tx);
      return this.copyOf(saved);
    });
  }

  /** The SET list of a write ($2 the record, the typed columns from $first) and the columns' values. */
  private columns(data: Data, first: number): { sets: string; values: unknown[] } {
    const kind = this.options.store.kind('tournaments');
    const names = Object.keys(kind.columns);
    const sets = ['data = $2', 'updated_at = now()', ...names.map((name, i) => `${name} = $${i + first}`)];
    return { sets: sets.join(', '), values: names.map((name) => kind.columns[name]!(data)) };
  }

  private copyOf(row: Record<string, unknown>): Copy {
    return { tournament: toJson(this.options.store.kind('tournaments'), row), version: String(row['version']) };
  }

  /**
   * A tournament was written otherwise (REST create, update or delete): the copy goes, the other
   * processes are told, and the room is sent the new state.
   */
  invalidate(id: string): void {
    this.forget(id, { refresh: false });
    void this.refreshChampionships(id);
    if (this.listener) this.listener.publish('tournament', id).catch((error: Error) => this.options.log(`Tournois : changement non signalé (${error.message}).`));
    // The stations may have changed (settings.stations): matches called again, then the room sent the state once.
    this.inTurn(id, async () => {
      const stamp = this.stamp(id);
      const restationed = await this.restation(id);
      if (restationed) {
        this.keep(restationed, stamp);
        return restationed.tournament;
      }
      return this.options.followed(id) ? this.read(id) : null;
    })
      .then((tournament) => tournament && this.options.changed(tournament))
      .catch((error: Error) => this.options.log(`Tournois : postes non attribués ou relecture impossible (${error.message}).`));
  }

  private async refreshChampionships(tournamentId: string): Promise<void> {
    await refreshChampionships(this.options.db, { tournamentId }).catch((error: Error) => this.options.log(`Tournois : classement de championnat non recalculé (${error.message}).`));
  }

  /** Stops hearing changes (the bus is the app's: it closes it). */
  async close(): Promise<void> {
    this.closed = true;
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
  private keep(copy: Copy, stamp: string): void {
    const id = copy.tournament._id;
    if (!this.trusted || this.stamp(id) !== stamp) {
      this.copies.delete(id);
      return;
    }
    this.copies.delete(id);
    if (this.copies.size >= MAX_TOURNAMENT_COPIES) this.copies.delete(this.copies.keys().next().value!);
    this.copies.set(id, copy);
  }

  private forget(id: string, { refresh }: { refresh: boolean }): void {
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    this.copies.delete(id);
    // A read begun before the change must not answer those who ask after it.
    this.loading.delete(id);
    if (!refresh || !this.options.followed(id)) return;
    // In turn with the writes, so that the room never receives an older state after a newer one.
    this.inTurn(id, () => this.read(id))
      .then((tournament) => tournament && this.options.changed(tournament))
      .catch((error: Error) => this.options.log(`Tournois : relecture impossible (${error.message}).`));
  }

  private forgetAll(): void {
    this.epoch += 1;
    this.copies.clear();
    this.loading.clear();
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

/** The record of a tournament as the API shows it, without what the row adds. */
function stateOf(tournament: Json) {
  const { _id: _id, createdAt: _created, updatedAt: _updated, ...record } = tournament;
  return TournamentInputSchema.loose().parse(record);
}

/** An action's parameters as an object (a score, a participant), or nothing when they are not one. */
const AuditParams = z.record(z.string(), z.unknown());

/** A staff member's tournament action as the audit log keeps it: its parameters (a score, a participant) and the state it left. */
function auditEntry(actor: AuditActor, id: string, action: TournamentActionName, params: unknown, next: Data): AuditEntry {
  const given = AuditParams.safeParse(params).data ?? {};
  return { actor, action: `tournaments.${action}`, targetType: 'tournaments', targetId: id, after: { ...given, status: next['status'] ?? null } };
}
