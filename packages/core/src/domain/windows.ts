/*
 * Whether a form or a raffle takes entries at an instant, as a code that each side turns into
 * its own words: the server into a 409 with a French message, the web into a notice.
 */

export const WINDOW_CODES = ['not_open', 'open', 'full', 'closed'] as const;
export type WindowCode = (typeof WINDOW_CODES)[number];

const at = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** A form: open between its optional dates, until it holds `maxEntries` answers. */
export function formWindow(form: { opensAt?: string | null; closesAt?: string | null; maxEntries?: number | null; entryCount?: number | null }, now: number): WindowCode {
  if (at(form.opensAt) > now) return 'not_open';
  if (at(form.closesAt) <= now) return 'closed';
  if (form.maxEntries && (form.entryCount ?? 0) >= form.maxEntries) return 'full';
  return 'open';
}

/**
 * A raffle: entries from `opensAt` (if published as open) until `closesAt`, excluded. At the
 * close the entry list is frozen for good: 'closed' is also the condition for the draw.
 */
export function raffleWindow(raffle: { status: string; opensAt: string; closesAt: string }, now: number): WindowCode {
  if (raffle.status === 'closed' || raffle.status === 'drawn' || at(raffle.closesAt) <= now) return 'closed';
  if (raffle.status !== 'open' || at(raffle.opensAt) > now) return 'not_open';
  return 'open';
}

/**
 * A raffle's status as it reads at an instant: one still marked 'open' after its close says
 * 'closed', by raffleWindow (the stored status changes only when staff change it).
 */
export function raffleStatusAt<S extends string>(raffle: { status: S; opensAt: string; closesAt: string }, now: number): S | 'closed' {
  return raffle.status === 'open' && raffleWindow(raffle, now) === 'closed' ? 'closed' : raffle.status;
}

/**
 * A raffle about to be stored: set to 'closed' before its closing date, it closes now, so that
 * its dates say what its status says and the draw is possible at once. A raffle closed before
 * it opened opens at the same instant (the close must follow the opening).
 */
export function closeRaffleEarly<R extends { status?: string; opensAt?: string; closesAt?: string }>(raffle: R, now: number): R {
  if (raffle.status !== 'closed' || !raffle.closesAt || !(Date.parse(raffle.closesAt) > now)) return raffle;
  const opensAt = raffle.opensAt && Date.parse(raffle.opensAt) >= now ? { opensAt: new Date(now - 1).toISOString() } : {};
  return { ...raffle, ...opensAt, closesAt: new Date(now).toISOString() };
}
