import { z } from 'zod';
import type { AppContext } from '../http/context';
import { fanOut } from '../jobs/notifications';

/*
 * « Votre prochain match est prêt » (issue 33): when a tournament's match is called to a station
 * (tournaments/stations: core's assignStations gives it a `station` and a `calledAt`), each of its
 * two players who has an account hears it, in the app, on their phones or by e-mail as their
 * `matchReady` preferences say. Called with every stored state by the process that wrote it (the
 * socket's `changed` callback); the notification's key (tournament, match, player) makes it once
 * per match and player across processes and restarts, whatever the states seen.
 */

/** What the notification reads of a stored tournament. */
const CalledTournament = z.object({
  _id: z.string(),
  name: z.string(),
  participants: z.array(z.object({ id: z.string(), name: z.string(), userId: z.string().optional() })).default([]),
  matches: z
    .array(z.object({ id: z.string(), status: z.string(), a: z.string().nullable(), b: z.string().nullable(), station: z.string().optional(), calledAt: z.number().optional() }))
    .default([]),
});

/** A call older than this is no news (a tournament written again long after, restored): no notification. */
export const MATCH_READY_FRESH_MS = 15 * 60_000;
/** The keys this process already made, per app: a later state of the same tournament asks the database nothing for them. */
const madeBy = new WeakMap<AppContext, Set<string>>();
const MADE_LIMIT = 10_000;

/** The notification of one player whose match was called to `station`. */
export function matchReadyText(input: { tournamentId: string; tournament: string; station: string; opponent: string | null }): { title: string; body: string; link: string } {
  return {
    title: `Votre prochain match est prêt : ${input.station}`,
    body: `${input.tournament} : contre ${input.opponent ?? 'votre adversaire'}, rendez-vous au poste « ${input.station} ».`,
    link: `/tournaments/${input.tournamentId}`,
  };
}

/** A tournament just stored: each player with an account whose match was just called hears it, once. */
export function notifyMatchReady(ctx: AppContext, tournament: unknown): void {
  const parsed = CalledTournament.safeParse(tournament);
  if (!parsed.success) return;
  const { _id: tournamentId, name, participants, matches } = parsed.data;
  const now = ctx.now();
  const made = madeBy.get(ctx) ?? new Set<string>();
  madeBy.set(ctx, made);
  for (const match of matches) {
    if (match.status === 'done' || !match.station || match.calledAt === undefined || now - match.calledAt > MATCH_READY_FRESH_MS) continue;
    for (const [side, other] of [[match.a, match.b], [match.b, match.a]] as const) {
      const player = participants.find((participant) => participant.id === side);
      if (!player?.userId) continue;
      const key = `match-ready:${tournamentId}:${match.id}:${player.userId}`;
      if (made.has(key)) continue;
      if (made.size >= MADE_LIMIT) made.clear();
      made.add(key);
      const opponent = participants.find((participant) => participant.id === other)?.name ?? null;
      void fanOut(ctx, { userId: player.userId, kind: 'matchReady', key, ...matchReadyText({ tournamentId, tournament: name, station: match.station, opponent }) }).catch((error: unknown) => {
        // Tried again with the next state written.
        made.delete(key);
        console.error('Notification de match :', error);
      });
    }
  }
}
