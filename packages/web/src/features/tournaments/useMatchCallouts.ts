import { useEffect, useMemo, useState } from 'react';
import { ClockPort, estimatedStarts, matchCallout, type Tournament } from '@sortie/core';
import { useUseCase } from '../../services/container-context';

/** How often the estimates are revised without a result: a late match pushes the queue back. */
export const CALLOUT_REFRESH_MS = 60_000;

/**
 * Where and when each unfinished match is played (« Table 2 », « vers 21 h 40 »), from core's
 * estimates computed once per render of the board, revised every minute and on every update.
 */
export function useMatchCallouts(tournament: Pick<Tournament, 'matches' | 'settings'>): ReadonlyMap<string, string> {
  const clock = useUseCase(ClockPort);
  const [tick, setTick] = useState(0);
  const scheduled = (tournament.settings.stations ?? []).length > 0;
  useEffect(() => {
    if (!scheduled) return;
    const handle = clock.setTimeout(() => setTick((n) => n + 1), CALLOUT_REFRESH_MS);
    return () => clock.clearTimeout(handle);
  }, [clock, scheduled, tick]);
  return useMemo(() => {
    const callouts = new Map<string, string>();
    if (!scheduled) return callouts;
    const now = clock.now().getTime();
    const starts = estimatedStarts(tournament, now);
    for (const match of tournament.matches) {
      if (match.status === 'done') continue;
      const callout = matchCallout(tournament, match.id, now, starts);
      if (callout !== null) callouts.set(match.id, callout);
    }
    return callouts;
    // `tick` (a minute gone by) revises the estimates as time passes.
  }, [clock, scheduled, tournament, tick]);
}
