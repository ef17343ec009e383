import { runTournamentAction, SOCKET_EVENTS, TournamentRefusal, TournamentSchema, type CurrentUser, type Tournament, type TournamentActor } from '@sortie/core';
import { FakeTournamentSocket } from '@sortie/core/testing';

/** A tournament record as the server stores it, with the engine's defaults filled in. */
export function aTournament(overrides: Record<string, unknown> = {}): Tournament {
  return TournamentSchema.parse({ _id: '0000000000000000000000aa', name: 'Tournoi de fléchettes', game: 'Fléchettes', format: 'single_elimination', createdAt: '2026-01-15T20:00:00.000Z', updatedAt: '2026-01-15T20:00:00.000Z', ...overrides });
}

/**
 * The socket with a tournament server behind it, for page tests: it answers `get` and runs
 * every action with core's rules as the server does (the user it was told is signed in acting),
 * then broadcasts the update. `push` plays an update made elsewhere (another phone, staff).
 */
export class TournamentServerSocket extends FakeTournamentSocket {
  actor: TournamentActor | null = null;

  constructor(public tournament: Tournament) {
    super();
  }

  /** Who the server sees on this socket (the handshake's user). */
  as(user: CurrentUser | null): this {
    this.actor = user ? { id: user._id, name: user.displayName, staff: Boolean(user.roles?.some((r) => r === 'staff' || r === 'admin')) } : null;
    return this;
  }

  /** Another client changed the tournament: the room receives it. */
  push(tournament: Tournament): void {
    this.tournament = tournament;
    this.serverEmit(SOCKET_EVENTS.tournamentUpdate, tournament);
  }

  override emitWithAck(event: string, payload: string): Promise<unknown> {
    const answer = super.emitWithAck(event, payload);
    const { action, params } = JSON.parse(payload) as { action: string; params: Record<string, unknown> };
    if (action === 'get') return answer.then(() => ({ status: 'ok', tournament: this.tournament }));
    return answer.then(() => {
      try {
        const updated = runTournamentAction(action as never, this.tournament, this.actor, params);
        this.push(updated);
        return { status: 'ok', tournament: updated };
      } catch (error) {
        if (error instanceof TournamentRefusal) return { status: 'error', msg: error.message };
        throw error;
      }
    });
  }
}
