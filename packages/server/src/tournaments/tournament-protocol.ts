import { isObjectId, isTournamentActionName, SOCKET_EVENTS, TournamentRefusal, TournamentRequestSchema, type TournamentActionName, type TournamentActor } from '@sortie/core/domain';
import type { Json } from '../db/store';
import { actorOf as auditActorOf, type AuditActor } from '../audit/audit-log';
import type { UserJson } from '../auth/users';
import { isStaff } from '../auth/user-roles';
import type { LiveProtocol } from '../live/live-socket';
import type { TournamentRooms } from './tournament-rooms';
import { TOURNAMENT_NOT_FOUND } from './tournament-kind';

/** The longest request a socket may send (socket.io drops the socket beyond it). */
export const SOCKET_MAX_BUFFER_BYTES = 100_000;

export type TournamentCall = { action: 'get'; tournamentId: string } | { action: TournamentActionName; tournamentId: string; params: Record<string, unknown> };

/** SPEC.md §7: a JSON string of {action, tournamentId, params}; anything else is refused in French. */
export function parseTournamentCall(payload: unknown): TournamentCall {
  if (typeof payload !== 'string' || payload.length > SOCKET_MAX_BUFFER_BYTES) throw new TournamentRefusal('Requête invalide : une chaîne JSON est attendue.');
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    throw new TournamentRefusal('Requête invalide : JSON mal formé.');
  }
  const request = TournamentRequestSchema.safeParse(raw);
  if (!request.success) throw new TournamentRefusal('Requête invalide : action, tournamentId et params sont attendus.');
  const { action, tournamentId, params } = request.data;
  if (action !== 'get' && !isTournamentActionName(action)) throw new TournamentRefusal(`Action inconnue : ${action.slice(0, 40)}.`);
  if (!isObjectId(tournamentId)) throw new TournamentRefusal(TOURNAMENT_NOT_FOUND);
  return action === 'get' ? { action, tournamentId } : { action, tournamentId, params };
}

/**
 * Answers one call: `get` from memory (and joins the tournament's room), an action
 * through the authority (stored before the answer, broadcast by the rooms).
 */
export async function answerTournamentCall(
  rooms: TournamentRooms,
  call: TournamentCall,
  actor: TournamentActor | null,
  follow: { join(tournamentId: string): void; leave(tournamentId: string): void },
  /** Staff's actions go to the audit log under this name (null: a visitor's, not logged). */
  audit: AuditActor | null = null,
): Promise<{ status: 'ok'; tournament: Json }> {
  if (call.action === 'get') {
    // In the room before the read: no change made meanwhile can slip between the answer and the updates.
    follow.join(call.tournamentId);
    const tournament = await rooms.read(call.tournamentId);
    if (!tournament) {
      follow.leave(call.tournamentId);
      throw new TournamentRefusal(TOURNAMENT_NOT_FOUND);
    }
    return { status: 'ok', tournament };
  }
  return { status: 'ok', tournament: await rooms.run(call.tournamentId, call.action, actor, call.params, audit) };
}

/** A tournament's room: its spectators and players receive every new state. */
export const tournamentRoom = (tournamentId: string) => `tournament:${tournamentId}`;

/** The user as the tournament rules see them. */
const actorOf = (user: UserJson | null): TournamentActor | null => (user ? { id: user._id, name: user.displayName, staff: isStaff(user) } : null);

/** The tournaments' protocol on the live socket (live/live-socket.ts): every call knows who the socket is. */
export function tournamentProtocol(rooms: TournamentRooms): LiveProtocol<TournamentCall> {
  return {
    event: SOCKET_EVENTS.tournament,
    parse: parseTournamentCall,
    isRefusal: (error): error is TournamentRefusal => error instanceof TournamentRefusal,
    async answer({ call, socket, user }) {
      const caller = await user();
      const follow = {
        join: (tournamentId: string) => void socket.join(tournamentRoom(tournamentId)),
        leave: (tournamentId: string) => void socket.leave(tournamentRoom(tournamentId)),
      };
      return answerTournamentCall(rooms, call, actorOf(caller), follow, caller && isStaff(caller) ? auditActorOf(caller) : null);
    },
  };
}
