import { ObjectIdSchema, TournamentActions } from '@sortie/core';
import { UsageError } from '../cli-errors';
import type { ActionContext } from '../program';
import { parseArgument } from './errors';
import { formatDateTime, formatTournament } from './format';

/** `tournament get <id>`: the tournament as the realtime server holds it (action 'get'). */
export async function tournamentGet({ container, out }: ActionContext, id: string): Promise<void> {
  const tournamentId = parseArgument(ObjectIdSchema, id, 'Identifiant de tournoi');
  const tournament = await out.progress('Lecture du tournoi…', () => container.get(TournamentActions).execute('get', tournamentId));
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
export async function tournamentEmit({ container, out }: ActionContext, id: string, action: string, params: string | undefined): Promise<void> {
  const tournamentId = parseArgument(ObjectIdSchema, id, 'Identifiant de tournoi');
  const parsed = parseParams(params);
  const tournament = await out.progress(`Action « ${action} » envoyée…`, () => container.get(TournamentActions).execute(action, tournamentId, parsed));
  out.result(tournament, () => formatTournament(tournament));
}

/**
 * `tournament watch <id>`: prints the tournament, then each update pushed by the server,
 * until Ctrl-C (exit 0). In --json mode each state is one JSON line (NDJSON).
 */
export async function tournamentWatch({ container, out, io }: ActionContext, id: string): Promise<void> {
  const tournamentId = parseArgument(ObjectIdSchema, id, 'Identifiant de tournoi');
  const actions = container.get(TournamentActions);
  const print = (tournament: unknown, heading: string) => {
    if (out.json) io.stdout.write(`${JSON.stringify(tournament)}\n`);
    else out.result(tournament, () => [heading, ...formatTournament(tournament)]);
  };
  // Updates are listened to before the 'get' that joins the tournament's room: none is lost.
  const updates: unknown[] = [];
  let ready = false;
  const stop = actions.watch(tournamentId, (tournament) => {
    if (ready) print(tournament, `— mise à jour, ${formatDateTime(new Date())} —`);
    else updates.push(tournament);
  });
  try {
    const current = await out.progress('Lecture du tournoi…', () => actions.execute('get', tournamentId));
    print(current, `— état actuel, ${formatDateTime(new Date())} —`);
    for (const tournament of updates.splice(0)) print(tournament, `— mise à jour, ${formatDateTime(new Date())} —`);
    ready = true;
    out.notice('Suivi en cours : Ctrl-C pour arrêter.');
    await new Promise<void>((resolve) => {
      const off = io.onInterrupt(() => {
        off();
        resolve();
      });
    });
  } finally {
    stop();
  }
}
