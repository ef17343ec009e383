import {
  isTournamentActionName,
  ObjectIdSchema,
  TOURNAMENT_ACTION_LABELS,
  TOURNAMENT_ACTION_NAMES,
  TOURNAMENT_ACTIONS,
  TournamentActions,
  TournamentError,
  TournamentSocketPort,
  type Tournament,
} from '@sortie/core';
import { CommandFailure, UsageError } from '../cli-errors';
import type { ActionContext } from '../context';
import { TOURNAMENT_ACTIONS_HELP } from '../tournament-actions-help';
import { parseArgument } from './errors';
import { formatDateTime } from './format';
import { DEFAULT_WIDTH, formatTournament, formatTournamentView } from './tournament-format';

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

/** The terminal's width, read at each drawing so that a resized window is followed. */
const widthOf = (context: ActionContext) => context.io.stdout.columns ?? DEFAULT_WIDTH;

/** The tournament as `show` draws it: to the terminal's width, matches to play in bold unless NO_COLOR. */
const view = (context: ActionContext, tournament: Tournament) =>
  formatTournamentView(tournament, widthOf(context), { bold: context.io.stdout.isTTY === true && !context.io.env.NO_COLOR });

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
    throw new UsageError('--params doit être un objet JSON, par exemple --params \'{"matchId":"W1-1","scoreA":3,"scoreB":1}\'.');
  }
  return value as Record<string, unknown>;
}

/** `tournament show <id>`: the bracket or the standings, as the realtime server holds them. */
export async function tournamentShow(context: ActionContext, id: string): Promise<void> {
  const tournamentId = parseArgument(ObjectIdSchema, id, 'l’identifiant de tournoi');
  const tournament = await send(context, 'Lecture du tournoi…', 'get', tournamentId);
  context.out.result(tournament, () => view(context, tournament));
}

/** The shortcuts of `tournament emit`, each one param. */
export interface EmitFlags {
  params?: string;
  match?: string;
  score?: string;
  name?: string;
  participant?: string;
  order?: string;
}

/** `--score 3-1` (or 3:1, 3–1) as {scoreA, scoreB}; anything else is a usage error. */
export function parseScore(score: string): { scoreA: number; scoreB: number } {
  const match = /^\s*(\d{1,4})\s*[-–:]\s*(\d{1,4})\s*$/.exec(score);
  if (!match) throw new UsageError(`--score attend deux entiers séparés d’un tiret, par exemple --score 3-1 (reçu « ${score} »).`);
  return { scoreA: Number(match[1]), scoreB: Number(match[2]) };
}

/** The params sent: --params, then the shortcuts over it (--match, --score, --name, --participant, --order). */
export function emitParams(flags: EmitFlags): Record<string, unknown> {
  return {
    ...parseParams(flags.params),
    ...(flags.match === undefined ? {} : { matchId: flags.match }),
    ...(flags.score === undefined ? {} : parseScore(flags.score)),
    ...(flags.name === undefined ? {} : { name: flags.name }),
    ...(flags.participant === undefined ? {} : { participantId: flags.participant }),
    ...(flags.order === undefined ? {} : { order: flags.order.split(',').map((id) => id.trim()).filter(Boolean) }),
  };
}

const exampleOf = (action: string) => {
  const example = TOURNAMENT_ACTIONS_HELP.find((a) => a.name === action)?.example;
  return example ? ` Exemple : --params '${JSON.stringify(example)}'` : '';
};

/**
 * Refuses, before anything is sent, an action the socket does not know and params its own
 * schema (core's, the one the server applies) refuses: a usage error, exit 2.
 */
export function checkAction(action: string, params: Record<string, unknown>): void {
  if (!TOURNAMENT_ACTION_NAMES.includes(action)) {
    throw new UsageError(`Action inconnue : « ${action} ». Actions possibles : ${TOURNAMENT_ACTION_NAMES.join(', ')} (sortie tournament emit --help les détaille).`);
  }
  if (!isTournamentActionName(action)) return;
  const { params: schema, invalidParams } = TOURNAMENT_ACTIONS[action];
  if (!schema.safeParse(params).success) throw new UsageError(`Paramètres refusés pour « ${TOURNAMENT_ACTION_LABELS[action]} » : ${invalidParams}${exampleOf(action)}`);
}

/**
 * `tournament emit <tournamentId> <action> [--params <json>]`: prints the tournament sent
 * back. TournamentActions rejects a reply with status error (its msg) and a silence of 2 s.
 */
export async function tournamentEmit(context: ActionContext, id: string, action: string, flags: EmitFlags): Promise<void> {
  const { out } = context;
  const tournamentId = parseArgument(ObjectIdSchema, id, 'l’identifiant de tournoi');
  const params = emitParams(flags);
  checkAction(action, params);
  const label = isTournamentActionName(action) ? TOURNAMENT_ACTION_LABELS[action] : TOURNAMENT_ACTION_LABELS.get;
  const tournament = await send(context, `${label} : envoi…`, action, tournamentId, params);
  out.result(tournament, () => view(context, tournament));
}

/**
 * `tournament watch <id>`: draws the tournament, then again at each update pushed by the
 * server, until Ctrl-C (exit 0): over the previous drawing in a terminal, one after the other
 * in a pipe or a file. In --json mode each state is one JSON line (NDJSON).
 */
export async function tournamentWatch(context: ActionContext, id: string): Promise<void> {
  const { container, out, io } = context;
  const tournamentId = parseArgument(ObjectIdSchema, id, 'l’identifiant de tournoi');
  const actions = container.get(TournamentActions);
  const redraw = io.stdout.isTTY === true;
  const print = (tournament: Tournament, heading: string) => {
    if (out.json) io.stdout.write(`${JSON.stringify(tournament)}\n`);
    else {
      // Home, then clear the screen and its scrollback: the new drawing replaces the old one.
      if (redraw) io.stdout.write('\x1b[H\x1b[2J\x1b[3J');
      out.result(tournament, () => [redraw ? `${heading} Ctrl-C pour arrêter.` : heading, ...view(context, tournament), ...(redraw ? [] : [''])]);
    }
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
    // In a terminal the heading says it, and the next drawing would wipe this line.
    if (!redraw || out.json) out.notice('Suivi en cours : Ctrl-C pour arrêter.');
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
