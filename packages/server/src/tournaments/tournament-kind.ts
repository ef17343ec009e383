import { z } from 'zod';
import { assignStations, runTournamentAction, TournamentInputSchema, TournamentRefusal, type TournamentActionName, type TournamentActor, type TournamentState } from '@sortie/core/domain';
import type { Db } from '../db/database';
import { toJson, type Json, type Store } from '../db/store';
import type { Data } from '../db/entities';
import { AUDIT_COLUMNS, auditValues, type AuditActor, type AuditEntry } from '../audit/audit-log';
import type { Applied, LiveKind, Notify, Versioned } from '../live/live-authority';

export const TOURNAMENT_NOT_FOUND = 'Tournoi introuvable.';

/** A socket action on a tournament: who runs it, and under which name the audit log keeps it (staff only). */
export interface TournamentCall {
  action: TournamentActionName;
  actor: TournamentActor | null;
  params: unknown;
  audit: AuditActor | null;
}

/** What a batch stores: the new record, the status before it (a championship counts finished tournaments), and the staff's entries. */
export interface TournamentChange {
  next: Data;
  before: unknown;
  audits: AuditEntry[];
}

const SELECTED = 'id, data, created_at, updated_at, xmin::text AS version';

/**
 * Tournaments as live games (live/live-authority.ts): the state is the tournament as the API
 * shows it; core's action registry runs each call, then the stations are assigned; a write stores
 * the record, its typed columns and the staff's audit entries in one statement.
 */
export function tournamentKind(store: Store, now: () => number): LiveKind<Json, TournamentCall, null, TournamentChange> & { restation(tx: Db, id: string, notify: Notify): Promise<Versioned<Json> | null> } {
  const copyOf = (row: Record<string, unknown>): Versioned<Json> => ({ state: toJson(store.kind('tournaments'), row), version: String(row['version']) });
  /**
   * Core's action, then the stations: every ready match called to the next free station, at the
   * server's time; so that every state stored, and so every state a phone or the TV receives, says
   * where each match is played.
   */
  const perform = <S extends TournamentState>(action: TournamentActionName, state: S, actor: TournamentActor | null, params: unknown): S => assignStations(runTournamentAction(action, state, actor, params), now());

  /** One statement: the record and its typed columns, the audit entries from the row written, the NOTIFY. */
  const write = async (db: Db, id: string, next: Data, audits: readonly AuditEntry[], version: string | null, notify: Notify): Promise<Versioned<Json> | null> => {
    const kind = store.kind('tournaments');
    const params: unknown[] = [id, JSON.stringify(next)];
    const param = (value: unknown) => `$${params.push(value)}`;
    const sets = ['data = $2', 'updated_at = now()', ...Object.keys(kind.columns).map((name) => `${name} = ${param(kind.columns[name]!(next))}`)];
    const where = version === null ? '' : ` AND xmin::text = ${param(version)}`;
    // Logged from the row written (none if the version moved on: the locked way logs them then), in the order the actions ran.
    const rows = audits.map((entry, i) => {
      const values = auditValues(entry, params.length + 1);
      params.push(...values.params);
      return `(${i}, ${values.placeholders})`;
    });
    const logged = rows.length
      ? `, logged AS (INSERT INTO audit_log (${AUDIT_COLUMNS}) SELECT ${AUDIT_COLUMNS.split(', ').map((column) => `v.${column}`).join(', ')} FROM written, (VALUES ${rows.join(', ')}) AS v(n, ${AUDIT_COLUMNS}) ORDER BY v.n)`
      : '';
    const told = notify(param);
    const [row] = await db.query(`WITH written AS (UPDATE tournaments SET ${sets.join(', ')} WHERE id = $1${where} RETURNING ${SELECTED})${logged} SELECT written.*${told} FROM written`, params);
    return row ? copyOf(row) : null;
  };

  return {
    topic: 'tournament',
    refusal: (message) => new TournamentRefusal(message),
    isRefusal: (error) => error instanceof TournamentRefusal,
    notFound: TOURNAMENT_NOT_FOUND,
    // A refusal must be the stored state's: a copy that lags behind a write not heard of yet is checked on the locked row.
    recheckRefusals: true,
    async load(db, id) {
      const [row] = await db.query(`SELECT ${SELECTED} FROM tournaments WHERE id = $1`, [id]);
      return row ? copyOf(row) : null;
    },
    async lock(tx, id) {
      const [row] = await tx.query(`SELECT ${SELECTED} FROM tournaments WHERE id = $1 FOR UPDATE`, [id]);
      return row ? copyOf(row).state : null;
    },
    async apply(tournament, calls): Promise<Applied<null, TournamentChange>> {
      const before = recordOf(tournament);
      let state = before;
      const answers: Applied<null, TournamentChange>['answers'] = [];
      const audits: AuditEntry[] = [];
      for (const call of calls) {
        try {
          state = perform(call.action, state, call.actor, call.params);
          if (call.audit) audits.push(auditEntry(call.audit, tournament._id, call.action, call.params, state));
          answers.push({ outcome: null });
        } catch (error) {
          if (!(error instanceof TournamentRefusal)) throw error;
          answers.push({ refusal: error });
        }
      }
      return { answers, change: state === before ? null : { next: state, before: before.status, audits } };
    },
    store: (db, id, change, version, notify) => write(db, id, change.next, change.audits, version, notify),
    /**
     * The stations again after a write made otherwise (the host renamed, added or removed stations
     * through the API): the stored state locked, its stations assigned, written if they changed.
     * Null when nothing changed (or the tournament is gone).
     */
    async restation(tx, id, notify) {
      const [row] = await tx.query(`SELECT data FROM tournaments WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) return null;
      const current = TournamentInputSchema.loose().parse(row['data']);
      if (current.status !== 'running') return null;
      const next = assignStations(current, now());
      if (next === current) return null;
      return write(tx, id, next, [], null, notify);
    },
  };
}

/** The record of a tournament as the API shows it, through core's schema: the fields the rules do not own (name, game, eventId) go along untouched. */
function recordOf(tournament: Json) {
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
