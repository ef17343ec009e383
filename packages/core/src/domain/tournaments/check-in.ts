import { formatNumber, plural } from '../french-format';
import type { EngineTournament, Participant } from '../tournament-engine/tournament-engine.schema';

/*
 * Check-in at the door: with `settings.checkIn` on, the start (the engine's `start`) drops whoever
 * has not checked in and seeds the bracket among those present, in their seed order. These say
 * so beforehand, on the host desk and the door's screen.
 */

type Registration = Pick<EngineTournament, 'participants' | 'settings'>;

const registered = (t: Registration) => t.participants.filter((p) => !p.dropped);

/** The players who will be drawn at the start: everyone registered, or only the checked-in with check-in on. */
export function presentAtStart(t: Registration): Participant[] {
  return registered(t).filter((p) => !t.settings.checkIn || p.checkedIn);
}

/** The players the start will remove as absent (none without check-in). */
export function absentAtStart(t: Registration): Participant[] {
  return t.settings.checkIn ? registered(t).filter((p) => !p.checkedIn) : [];
}

/** « 9 présents sur 10 »: the door's count. */
export function checkInSummary(t: Registration): string {
  const present = registered(t).filter((p) => p.checkedIn).length;
  return `${plural(present, 'présent')} sur ${formatNumber(registered(t).length)}`;
}

/** What the host reads beside « Lancer » with check-in on: « 1 absent sera retiré du tableau. », or null when all are here. */
export function startWarning(t: Registration): string | null {
  const absent = absentAtStart(t).length;
  if (absent === 0) return null;
  return absent === 1 ? '1 absent sera retiré du tableau.' : `${formatNumber(absent)} absents seront retirés du tableau.`;
}
