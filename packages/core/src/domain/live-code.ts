import { z } from 'zod';
import { ObjectIdSchema } from './schemas/common.schema';
import { pathFor } from './routes';

/*
 * The 6-digit code of a live game (issue 32): a blind test being played, a tournament taking
 * registrations or running. The screen shows it beside `{public address}/j`; a phone types it
 * there, or a QR code opens `/j/{code}`. Blind tests and tournaments draw from one pool: no two
 * live games, of either kind, ever share a code (the server draws it, liveCodeFrom's rule).
 */

/** How many digits a live code has. */
export const LIVE_CODE_LENGTH = 6;
export const LIVE_CODE_PATTERN = /^\d{6}$/;

export const isLiveCode = (value: unknown): value is string => typeof value === 'string' && LIVE_CODE_PATTERN.test(value);

/** The code's digits as typed (« 482 913 », « 482-913 »): the digits only, at most six. */
export const liveCodeDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, LIVE_CODE_LENGTH);

/** A code from a random integer in [0, 10^6): zero-padded, so that « 000042 » is as likely as any. */
export const liveCodeFrom = (draw: number): string => String(Math.trunc(draw) % 1_000_000).padStart(LIVE_CODE_LENGTH, '0');

export const LIVE_CODE_INVALID = 'Code invalide : il a six chiffres.';
export const LIVE_CODE_UNKNOWN = 'Ce code ne correspond à aucune partie en cours.';

export const LiveCodeSchema = z.string().regex(LIVE_CODE_PATTERN, LIVE_CODE_INVALID);

/** What GET /api/live/byCode/{code} answers: the game's kind and id, nothing more (a code is guessable). */
export const LiveGameSchema = z.object({ kind: z.enum(['blindTest', 'tournament']), id: ObjectIdSchema });
export type LiveGame = z.infer<typeof LiveGameSchema>;

/** The short address a screen shows, `{host}/j`, from the public origin (no scheme: it is typed). */
export function shortJoinAddress(origin: string): string {
  const url = new URL(origin);
  return `${url.host}/j`;
}

/** The address a QR code of a live game opens: `{origin}/j/{code}`. */
export const joinCodeUrl = (origin: string, code: string): string => new URL(`/j/${code}`, origin).href;

/**
 * Where a code leads once found: a blind test's phone page with the code filled in (the player
 * only types a nickname), a tournament's check-in page (which sends on to the tournament's own
 * page when no check-in is under way).
 */
export function liveGamePath(game: LiveGame, code: string): string {
  return game.kind === 'blindTest' ? `${pathFor('blindTest', { id: game.id })}?code=${encodeURIComponent(code)}` : pathFor('tournamentCheckIn', { id: game.id });
}
