import { capitalise, MATCH_STATUS_LABELS, participantName, type Tournament, type TournamentMatch } from '@sortie/core';

export type BoardSize = 'page' | 'screen';

/** Whether a match is being played now: ready, both players known. */
export const isCurrent = (match: TournamentMatch): boolean => match.status === 'ready' && match.a !== null && match.b !== null;

function matchStatus(match: TournamentMatch): string {
  if (match.forfeit && match.status === 'done') return 'forfait';
  if (match.status === 'ready' && match.scoreA !== null && !match.confirmed) return 'score à confirmer';
  return MATCH_STATUS_LABELS[match.status];
}

/**
 * One match: both sides, their scores, the winner in bold; the matches being played stand out.
 * `callout` says where or when it is played (« Table 2 », « vers 21 h 40 »).
 */
export function MatchCard({
  tournament,
  match,
  size = 'page',
  highlightFor,
  callout = null,
}: {
  tournament: Pick<Tournament, 'participants'>;
  match: TournamentMatch;
  size?: BoardSize;
  highlightFor?: string | null;
  callout?: string | null;
}) {
  const settled = match.status === 'done';
  const current = isCurrent(match);
  const mine = highlightFor != null && (match.a === highlightFor || match.b === highlightFor);
  const nameA = participantName(tournament, match.a, settled);
  const nameB = participantName(tournament, match.b, settled);
  const showScore = match.scoreA !== null && match.scoreB !== null;
  const status = matchStatus(match);
  const big = size === 'screen';
  const frame = current ? 'bg-primary/15 ring-2 ring-primary' : mine ? 'ring-2 ring-accent bg-surface' : 'bg-surface ring-1 ring-line';
  const side = (id: string | null, name: string, score: number | null) => (
    <div className={`flex items-center justify-between gap-3 ${match.winner !== null && match.winner === id ? 'font-bold' : id === null ? 'text-muted italic' : ''}`}>
      <span className="truncate">{name}</span>
      {showScore && <span className="tabular-nums">{score}</span>}
    </div>
  );
  return (
    <div
      role="group"
      aria-label={`${nameA} contre ${nameB}${showScore ? ` : ${match.scoreA} – ${match.scoreB}` : ''}, ${status}${callout ? `, ${callout}` : ''}`}
      aria-current={current ? 'true' : undefined}
      data-current={current || undefined}
      className={`rounded-xl ${frame} ${big ? 'min-w-[14rem] px-4 py-2 text-2xl' : 'px-3 py-2 text-sm'}`}
    >
      {side(match.a, nameA, match.scoreA)}
      {side(match.b, nameB, match.scoreB)}
      <p className={`mt-1 flex justify-between gap-3 ${big ? 'text-base' : 'text-xs'} ${current ? 'font-semibold text-primary' : 'text-muted'}`}>
        {current && match.scoreA === null ? 'En cours' : capitalise(status)}
        {callout && <span className={`font-bold ${big ? 'text-xl' : ''} text-accent`}>{callout}</span>}
      </p>
    </div>
  );
}

