import { currentMatches, showsStandings, type Tournament } from '@sortie/core';
import { BracketView } from './BracketView';
import { MatchCard, type BoardSize } from './MatchCard';
import { StandingsTable } from './StandingsTable';
import { useMatchCallouts } from './useMatchCallouts';

/**
 * What a tournament shows: the standings with the matches being played (round robin, Swiss,
 * groups), or the bracket, as core's layout decides for every screen; with stations, each
 * unfinished match says where or when it is played.
 */
export function TournamentBoard({ tournament, size = 'page', highlightFor }: { tournament: Tournament; size?: BoardSize; highlightFor?: string | null }) {
  const callouts = useMatchCallouts(tournament);
  if (!showsStandings(tournament)) return <BracketView tournament={tournament} size={size} highlightFor={highlightFor} callouts={callouts} />;
  const playing = currentMatches(tournament);
  return (
    <div className={size === 'screen' ? 'flex items-start gap-10' : 'space-y-6'}>
      <div className={size === 'screen' ? 'flex-1' : ''}>
        <StandingsTable tournament={tournament} size={size} highlightFor={highlightFor} />
      </div>
      {playing.length > 0 && (
        <section aria-label="Matchs en cours" className={size === 'screen' ? 'w-[24rem]' : ''}>
          <h3 className={size === 'screen' ? 'mb-3 text-3xl font-bold text-accent' : 'text-lg font-bold'}>Matchs en cours</h3>
          <ul className={size === 'screen' ? 'space-y-4' : 'mt-2 grid gap-2 sm:grid-cols-2'}>
            {playing.map((match) => (
              <li key={match.id}>
                <MatchCard tournament={tournament} match={match} size={size} highlightFor={highlightFor} callout={callouts.get(match.id)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
