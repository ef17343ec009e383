import { ObjectIdSchema, TournamentActions, TournamentError, TournamentSocketPort, type Tournament } from '@sortie/core';
import { CommandFailure, UsageError } from '../cli-errors';
import type { ActionContext } from '../context';
import { parseArgument } from './errors';
import { formatDateTime, formatTournament } from './format';

/**
 * Runs a tournament action. When no acknowledgement came because the socket could not connect
 * (the timeout's cause), the user learns the server is unreachable rather than merely slow.
 */
async function send(context: ActionContext, label: string, action: string, tournamentId: string, params: Record<string, unknown> = {}): Promise<Tournament> {
  try {
    return await context.out.progress(label, () => context.container.get(TournamentActions).execute(action, tournamentId, params));
  } catch (error) {
    if (error instanceof TournamentError && error.code === 'TOURNAMENT_TIMEOUT' && error.cause instanceof Error) {
      throw new CommandFailure(`${error.message} Impossible de joindre le serveur temps réel sur ${context.apiUrl} (${error.cause.message}).`, 'UNREACHABLE', { cause: error });
    }
    throw error;
  }
}

/** `tournament get <id>`: the tournament as the realtime server holds it (action 'get'). */
export async function tournamentGet(context: ActionContext, id: string): Promise<void> {
  const { out } = context;
  const tournamentId = parseArgument(ObjectIdSchema, id, 'l’identifiant de tournoi');
  const tournament = await send(context, 'Lecture du tournoi…', 'get', tournamentId);
  out.result(tournament, () => formatTournament(tournament));
}

/** The --params value: a JSON object, or a usage error in French (exit 2). */
export function parseParams(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`--params n’est pas du JSON valide : ${error instanceof Error ? error.message : String(error)}. Exemple : --params '{"name":"Léa"}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError('--params doit être un objet JSON, par exemple --params \'{"matchId":"m1","scoreA":3,"scoreB":1}\'.');
  }
  return value as Record<string, unknown>;
}

/**
 * `tournament emit <tournamentId> <action> [--params <json>]`: prints the tournament sent
 * back. TournamentActions rejects a reply with status error (its msg) and a silence of 2 s.
 */
export async function tournamentEmit(context: ActionContext, id: string, action: string, params: string | undefined): Promise<void> {
  const { out } = context;
  const tournamentId = parseArgument(ObjectIdSchema, id, 'l’identifiant de tournoi');
  const parsed = parseParams(params);
  const tournament = await send(context, `Action « ${action} » envoyée…`, action, tournamentId, parsed);
  out.result(tournament, () => formatTournament(tournament));
}

/**
 * `tournament watch <id>`: prints the tournament, then each update pushed by the server,
 * until Ctrl-C (exit 0). In --json mode each state is one JSON line (NDJSON).
 */
export async function tournamentWatch(context: ActionContext, id: string): Promise<void> {
  const { container, out, io } = context;
  const tournamentId = parseArgument(ObjectIdSchema, id, 'l’identifiant de tournoi');
  const actions = container.get(TournamentActions);
  const print = (tournament: Tournament, heading: string) => {
    if (out.json) io.stdout.write(`${JSON.stringify(tournament)}\n`);
    else out.result(tournament, () => [heading, ...formatTournament(tournament)]);
  };
  // Updates are listened to before the 'get' that joins the tournament's room: none is lost.
  const updates: Tournament[] = [];
  let ready = false;
  let stopReconnect = () => {};
  const stop = actions.watch(tournamentId, (tournament) => {
    if (ready) print(tournament, `— mise à jour, ${formatDateTime(new Date())} —`);
    else updates.push(tournament);
  });
  try {
    const current = await send(context, 'Lecture du tournoi…', 'get', tournamentId);
    print(current, `— état actuel, ${formatDateTime(new Date())} —`);
    for (const tournament of updates.splice(0)) print(tournament, `— mise à jour, ${formatDateTime(new Date())} —`);
    ready = true;
    // The server forgets a socket's rooms when it drops: after a reconnection, join again.
    stopReconnect = container.get(TournamentSocketPort).on('connect', () => {
      send(context, 'Reconnexion…', 'get', tournamentId).then(
        (tournament) => print(tournament, `— reconnecté, ${formatDateTime(new Date())} —`),
        (error: unknown) => out.notice(`Reconnexion au tournoi impossible : ${error instanceof Error ? error.message : String(error)}`),
      );
    });
    out.notice('Suivi en cours : Ctrl-C pour arrêter.');
    await new Promise<void>((resolve) => {
      const off = io.onInterrupt(() => {
        off();
        resolve();
      });
    });
  } finally {
    stop();
    stopReconnect();
  }
}
