import type { TournamentActionName, TournamentActor } from '@sortie/core/domain';
import type { Db } from '../db/database';
import type { Json, Store } from '../db/store';
import { refreshChampionships } from './championship-standings';
import type { AuditActor } from '../audit/audit-log';
import type { ChangeBus } from '../db/notifications';
import { LiveAuthority } from '../live/live-authority';
import { tournamentKind, type TournamentCall, type TournamentChange } from './tournament-kind';

/** Tournaments kept in memory at most (the oldest copy goes first). */
export const MAX_TOURNAMENT_COPIES = 2000;

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

/**
 * The server's authority over live tournaments: the live games' authority (live/live-authority.ts)
 * with core's tournament actions (tournament-kind.ts). Reads are answered from a memory copy;
 * actions run one batch at a time per tournament and are acknowledged once committed. What is
 * the tournaments' own: a change heard from another process is read and broadcast here when
 * someone follows it, a REST write calls the matches to the stations again, and a championship's
 * table follows its finished tournaments.
 */
export class TournamentRooms {
  private readonly kind: ReturnType<typeof tournamentKind>;
  private readonly authority: LiveAuthority<Json, TournamentCall, null, TournamentChange>;

  constructor(private readonly options: TournamentRoomsOptions) {
    this.kind = tournamentKind(options.store, options.now ?? Date.now);
    this.authority = new LiveAuthority(this.kind, {
      db: options.db,
      bus: options.bus ?? null,
      maxCopies: MAX_TOURNAMENT_COPIES,
      written: async (id, tournament, change) => {
        options.changed(tournament);
        // A championship counts finished tournaments only: its table changes when one finishes or is reopened.
        if (change.before === 'finished' || tournament['status'] === 'finished') await this.refreshChampionships(id);
      },
      changedElsewhere: (id) => {
        if (!options.followed(id)) return;
        // In turn with the writes, so that the room never receives an older state after a newer one.
        this.authority
          .refresh(id)
          .then((tournament) => tournament && options.changed(tournament))
          .catch((error: Error) => options.log(`Tournois : relecture impossible (${error.message}).`));
      },
    });
  }

  /** The tournament as last stored, or null; from memory when this process may trust its copy. */
  read(id: string): Promise<Json | null> {
    return this.authority.read(id);
  }

  /**
   * Runs a socket action as the authority, after the writes already queued for this tournament;
   * resolves with the stored tournament, or rejects with core's French TournamentRefusal (nothing
   * stored). An action staff run is written to the audit log with the write itself (`audit`: who,
   * as the log names them), never without it.
   */
  async run(id: string, action: TournamentActionName, actor: TournamentActor | null, params: unknown, audit: AuditActor | null = null): Promise<Json> {
    return (await this.authority.run(id, { action, actor, params, audit })).state;
  }

  /**
   * A tournament was written otherwise (REST create, update or delete): the copy goes, the other
   * processes are told, and the room is sent the new state.
   */
  invalidate(id: string): void {
    const { bus, log, followed, changed } = this.options;
    this.authority.forget(id);
    void this.refreshChampionships(id);
    if (bus) bus.publish('tournament', id).catch((error: Error) => log(`Tournois : changement non signalé (${error.message}).`));
    // The stations may have changed (settings.stations): matches called again, then the room sent the state once.
    this.authority
      .inTurn(id, async () => {
        const stamp = this.authority.stamp(id);
        const restationed = await this.options.db.transaction((tx) => this.kind.restation(tx, id, this.authority.notify(id)));
        if (restationed) {
          this.authority.keep(id, restationed, stamp);
          return restationed.state;
        }
        return followed(id) ? this.read(id) : null;
      })
      .then((tournament) => tournament && changed(tournament))
      .catch((error: Error) => log(`Tournois : postes non attribués ou relecture impossible (${error.message}).`));
  }

  private async refreshChampionships(tournamentId: string): Promise<void> {
    await refreshChampionships(this.options.db, { tournamentId }).catch((error: Error) => this.options.log(`Tournois : classement de championnat non recalculé (${error.message}).`));
  }

  /** Waits for the writes under way; later actions are refused (« le serveur redémarre »). */
  close(): Promise<void> {
    return this.authority.close();
  }
}
