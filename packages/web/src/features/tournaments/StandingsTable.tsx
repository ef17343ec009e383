import { groupName, participantName, type Tournament, type TournamentStanding } from '@sortie/core';
import type { BoardSize } from './MatchCard';

/** The standings (round robin, Swiss, groups): one table, or one per group. */
export function StandingsTable({ tournament, size = 'page', highlightFor }: { tournament: Tournament; size?: BoardSize; highlightFor?: string | null }) {
  const rows = tournament.standings;
  if (rows.length === 0) return <p className="text-muted">Le classement s’affichera après les premiers matchs.</p>;
  const groups = [...new Set(rows.map((r) => r.group ?? 0))].sort((x, y) => x - y);
  return (
    <div className={size === 'screen' ? 'grid auto-cols-fr grid-flow-col gap-8' : 'space-y-6'}>
      {groups.map((group) => (
        <Table
          key={group}
          caption={group === 0 ? 'Classement' : `Classement — ${groupName(group)}`}
          rows={rows.filter((r) => (r.group ?? 0) === group).sort((x, y) => x.rank - y.rank)}
          tournament={tournament}
          size={size}
          highlightFor={highlightFor}
        />
      ))}
    </div>
  );
}

function Table({ caption, rows, tournament, size, highlightFor }: { caption: string; rows: TournamentStanding[]; tournament: Tournament; size: BoardSize; highlightFor?: string | null | undefined }) {
  const big = size === 'screen';
  const cell = big ? 'px-4 py-2' : 'px-3 py-2';
  return (
    <div tabIndex={big ? undefined : 0} className="overflow-x-auto rounded-2xl ring-1 ring-line focus-visible:outline-2 focus-visible:outline-accent">
      <table className={`w-full text-left ${big ? 'text-2xl' : 'text-sm'}`}>
        <caption className={big ? 'p-2 text-left text-2xl font-bold text-accent' : 'sr-only'}>{caption}</caption>
        <thead className="bg-surface text-muted">
          <tr>
            <th scope="col" className={cell}>Rang</th>
            <th scope="col" className={cell}>Joueur</th>
            <th scope="col" className={`${cell} text-right`}><abbr title="Matchs joués">J</abbr></th>
            <th scope="col" className={`${cell} text-right`}><abbr title="Victoires">V</abbr></th>
            <th scope="col" className={`${cell} text-right`}><abbr title="Nuls">N</abbr></th>
            <th scope="col" className={`${cell} text-right`}><abbr title="Défaites">D</abbr></th>
            <th scope="col" className={`${cell} text-right`}>Points</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.participantId} className={`border-t border-line ${row.participantId === highlightFor ? 'bg-accent/10 font-semibold' : ''}`}>
              <td className={`${cell} font-semibold`}>{row.rank}</td>
              <th scope="row" className={`${cell} font-medium`}>{participantName(tournament, row.participantId)}</th>
              <td className={`${cell} text-right tabular-nums`}>{row.played}</td>
              <td className={`${cell} text-right tabular-nums`}>{row.wins}</td>
              <td className={`${cell} text-right tabular-nums`}>{row.draws}</td>
              <td className={`${cell} text-right tabular-nums`}>{row.losses}</td>
              <td className={`${cell} text-right font-semibold tabular-nums`}>{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
