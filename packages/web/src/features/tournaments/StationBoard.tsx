import { participantName, stationBoard, type Tournament } from '@sortie/core';
import type { BoardSize } from './MatchCard';

/** Each station and who plays there now: « Table 1 — Alex contre Sam », « Table 2 — libre ». Nothing without stations. */
export function StationBoard({ tournament, size = 'page' }: { tournament: Tournament; size?: BoardSize }) {
  const rows = stationBoard(tournament);
  if (rows.length === 0 || tournament.status !== 'running') return null;
  const big = size === 'screen';
  return (
    <section aria-label="Postes de jeu" className={big ? 'mt-4 shrink-0' : ''}>
      <ul className={`flex flex-wrap ${big ? 'gap-4 text-3xl' : 'gap-2 text-sm'}`}>
        {rows.map(({ station, match }) => (
          <li key={station} className={`rounded-xl px-4 py-2 ring-1 ${match ? 'bg-primary/15 ring-primary' : 'bg-surface ring-line'}`}>
            <strong className="text-accent">{station}</strong>
            {' — '}
            {match ? `${participantName(tournament, match.a)} contre ${participantName(tournament, match.b)}` : <span className="text-muted">libre</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
