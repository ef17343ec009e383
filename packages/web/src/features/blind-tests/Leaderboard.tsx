import type { LeaderboardRow, TeamRow } from '@sortie/core';
import { plural, pointsText, rankText } from './blind-test-text';

/** The players by score (core's order: ties broken by total answer time). `highlight` is this phone's player. */
export function Leaderboard({ rows, limit = 10, size = 'phone', highlight }: { rows: readonly LeaderboardRow[]; limit?: number; size?: 'phone' | 'screen'; highlight?: string | undefined }) {
  const big = size === 'screen';
  return (
    <ol aria-label="Classement" className={`space-y-2 ${big ? 'text-4xl' : 'text-lg'}`}>
      {rows.slice(0, limit).map((row) => (
        <li
          key={row.playerId}
          aria-current={row.playerId === highlight || undefined}
          className={`flex items-center gap-4 rounded-xl px-4 ${big ? 'py-3' : 'py-2'} ${row.playerId === highlight ? 'bg-primary/20 ring-2 ring-primary' : 'bg-surface'}`}
        >
          <span className={`${big ? 'w-24' : 'w-12'} font-bold text-muted`}>{rankText(row.rank)}</span>
          <span className="min-w-0 flex-1 truncate font-semibold">{row.nickname}</span>
          <span className="font-mono font-bold tabular-nums">{pointsText(row.score)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The first three on steps, the winner in the middle. */
export function Podium({ rows, size = 'phone' }: { rows: readonly LeaderboardRow[]; size?: 'phone' | 'screen' }) {
  const big = size === 'screen';
  const steps = [rows[1], rows[0], rows[2]];
  const heights = big ? ['h-48', 'h-72', 'h-36'] : ['h-20', 'h-28', 'h-14'];
  return (
    <section aria-label="Podium" className="flex items-end justify-center gap-3">
      {steps.map((row, i) =>
        row ? (
          <figure key={row.playerId} className="flex w-1/3 max-w-xs flex-col items-center">
            <figcaption className={`text-center ${big ? 'text-4xl' : 'text-lg'} font-bold break-words`}>
              <span className="block">{row.nickname}</span>
              <span className={`block ${big ? 'text-3xl' : 'text-sm'} font-normal text-muted`}>{pointsText(row.score)}</span>
            </figcaption>
            <div className={`mt-2 flex w-full items-start justify-center rounded-t-xl ${heights[i]} ${i === 1 ? 'bg-accent text-black' : 'bg-surface'}`}>
              <span className={`${big ? 'text-6xl' : 'text-2xl'} font-extrabold`}>{rankText(row.rank)}</span>
            </div>
          </figure>
        ) : (
          <div key={i} className="w-1/3 max-w-xs" />
        ),
      )}
    </section>
  );
}

/** Team mode: the teams by score (their players' mean or sum, as core's teamLeaderboard says); `highlight` is this phone's team. */
export function TeamLeaderboard({ rows, size = 'phone', highlight }: { rows: readonly TeamRow[]; size?: 'phone' | 'screen'; highlight?: string | undefined }) {
  if (rows.length === 0) return null;
  const big = size === 'screen';
  return (
    <ol aria-label="Classement des équipes" className={`space-y-2 ${big ? 'text-4xl' : 'text-lg'}`}>
      {rows.map((row) => (
        <li
          key={row.team}
          aria-current={row.team === highlight || undefined}
          className={`flex items-center gap-4 rounded-xl px-4 ${big ? 'py-3' : 'py-2'} ${row.team === highlight ? 'bg-primary/20 ring-2 ring-primary' : 'bg-surface'}`}
        >
          <span className={`${big ? 'w-24' : 'w-12'} font-bold text-muted`}>{rankText(row.rank)}</span>
          <span className="min-w-0 flex-1 truncate font-semibold">
            {row.team} <span className="font-normal text-muted">({plural(row.players, 'joueur')})</span>
          </span>
          <span className="font-mono font-bold tabular-nums">{pointsText(row.score)}</span>
        </li>
      ))}
    </ol>
  );
}
