import {
  bracketSections,
  currentMatches,
  groupName,
  participantName,
  showsStandings,
  TOURNAMENT_ACTION_LABELS,
  TOURNAMENT_FORMAT_LABELS,
  TOURNAMENT_STATUS_LABELS,
  type BracketSection,
  type Tournament,
  type TournamentMatch,
  type TournamentStanding,
} from '@sortie/core';
import { formatFields, formatTable, truncate, type Column } from './format';

/*
 * A tournament in the terminal: the layout (sections, rounds, titles), the names and the labels
 * come from core, as on the phone and the venue's screen; only the drawing in columns is here.
 */

/** The width used when stdout is not a terminal (a pipe, a file, a test). */
export const DEFAULT_WIDTH = 80;

/** The tournament's header: name, game, format, status, and the winner once it is over. */
export function formatTournamentHeader(t: Tournament): string[] {
  return [
    `Tournoi « ${t.name} » (${t._id})`,
    ...formatFields([
      ['Jeu', t.game],
      ['Format', TOURNAMENT_FORMAT_LABELS[t.format]],
      ['Statut', TOURNAMENT_STATUS_LABELS[t.status]],
      ['Vainqueur', t.status === 'finished' && t.winnerId ? participantName(t, t.winnerId) : undefined],
      ['Participants', t.participants.length],
    ]),
  ];
}

/** `tournament get`: the header, the participants, and how far the matches are. */
export function formatTournament(t: Tournament): string[] {
  const played = t.matches.filter((m) => m.status === 'done').length;
  return [
    ...formatTournamentHeader(t).filter((line) => !/^ +Participants/.test(line)),
    ...formatFields([
      ['Participants', `${t.participants.length}${t.participants.length ? ` : ${t.participants.map((p) => p.name).join(', ')}` : ''}`],
      ['Matchs', t.matches.length ? `${t.matches.length} (${played} joués, ${currentMatches(t).length} à jouer)` : undefined],
    ]),
  ];
}

export interface ViewStyle {
  /** Matches being played in bold (a terminal that takes colours). */
  bold?: boolean;
}

/**
 * `tournament show`, `emit` and `watch`: the header, then the participants while registrations
 * are open, the standings and the current round's matches to play for round robins, Swiss and
 * groups, or every section of the bracket. `width` is the terminal's: long names are cut to fit.
 */
export function formatTournamentView(t: Tournament, width = DEFAULT_WIDTH, style: ViewStyle = {}): string[] {
  const lines = formatTournamentHeader(t);
  if (t.status === 'registration') return [...lines, '', ...formatParticipants(t, width)];
  if (showsStandings(t)) {
    lines.push(...formatStandings(t, width));
    const current = new Set(currentMatches(t));
    const toPlay = bracketSections(t)
      .map((section) => ({
        ...section,
        rounds: section.rounds
          // Several groups play at once: each round says which.
          .map((r) => ({ ...r, title: section.group === undefined ? r.title : `${section.title} — ${r.title}`, matches: r.matches.filter((m) => current.has(m)) }))
          .filter((r) => r.matches.length > 0)
          // A round robin's matches can all be played at once: the earliest round is enough.
          .slice(0, 1),
      }))
      .filter((section) => section.rounds.length > 0);
    if (toPlay.length > 0) lines.push('', 'À jouer', ...toPlay.flatMap((section) => formatSection(t, section, width, style)));
    else if (t.status === 'running' && t.format === 'swiss') lines.push('', `Ronde terminée : l’équipe apparie la suivante (« ${TOURNAMENT_ACTION_LABELS.nextRound} »).`);
    return lines;
  }
  for (const section of bracketSections(t)) lines.push('', section.title, ...formatSection(t, section, width, style));
  return lines;
}

function formatParticipants(t: Tournament, width: number): string[] {
  if (t.participants.length === 0) return ['Aucun participant pour l’instant.'];
  const columns: Column<Tournament['participants'][number]>[] = [
    { title: 'N°', value: (p) => String(p.seed), align: 'right' },
    { title: 'ID', value: (p) => p.id },
    { title: 'NOM', value: (p) => p.name, max: Math.max(8, width - 30) },
  ];
  if (t.settings.checkIn) columns.push({ title: 'PRÉSENT', value: (p) => (p.checkedIn ? 'oui' : 'non') });
  return formatTable(columns, [...t.participants].sort((x, y) => x.seed - y.seed));
}

const decimal = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace('.', ','));

/** The standings, one table per group: rank, name, played, W/D/L, points, and the tiebreaks that decide. */
function formatStandings(t: Tournament, width: number): string[] {
  const tiebreaks: Column<TournamentStanding>[] =
    t.format === 'swiss'
      ? [
          { title: 'BUCHHOLZ', value: (s) => decimal(s.tiebreaks.buchholz), align: 'right' },
          { title: 'SB', value: (s) => decimal(s.tiebreaks.sonnebornBerger), align: 'right' },
        ]
      : [{ title: 'SB', value: (s) => decimal(s.tiebreaks.sonnebornBerger), align: 'right' }];
  const dropped = new Set(t.participants.filter((p) => p.dropped).map((p) => p.id));
  // Rank, J, V, N, D, Pts and the tiebreaks take about 40 columns; the name gets the rest.
  const nameMax = Math.max(8, Math.min(40, width - 40 - (tiebreaks.length - 1) * 10));
  const columns: Column<TournamentStanding>[] = [
    { title: 'RANG', value: (s) => String(s.rank), align: 'right' },
    { title: 'JOUEUR', value: (s) => `${participantName(t, s.participantId)}${dropped.has(s.participantId) ? ' (retiré)' : ''}`, max: nameMax },
    { title: 'J', value: (s) => String(s.played), align: 'right' },
    { title: 'V', value: (s) => String(s.wins), align: 'right' },
    { title: 'N', value: (s) => String(s.draws), align: 'right' },
    { title: 'D', value: (s) => String(s.losses), align: 'right' },
    { title: 'PTS', value: (s) => decimal(s.points), align: 'right' },
    ...tiebreaks,
  ];
  const groups = [...new Set(t.standings.map((s) => s.group))];
  if (t.standings.length === 0) return ['', 'Classement : aucun match joué.'];
  return groups.flatMap((group) => ['', group === undefined ? 'Classement' : `Classement — ${groupName(group)}`, ...formatTable(columns, t.standings.filter((s) => s.group === group))]);
}

interface MatchCells {
  ready: boolean;
  id: string;
  a: string;
  scoreA: string;
  scoreB: string;
  b: string;
  note: string;
}

function matchCells(t: Tournament, m: TournamentMatch): MatchCells {
  const settled = m.status === 'done';
  let note = '';
  if (m.status === 'ready') note = m.scoreA !== null && !m.confirmed ? 'en attente de confirmation' : 'à jouer';
  else if (settled && m.forfeit && m.winner) note = `victoire de ${participantName(t, m.winner)} par forfait`;
  return {
    ready: m.status === 'ready',
    id: m.id,
    a: participantName(t, m.a, settled),
    scoreA: m.scoreA === null ? '' : String(m.scoreA),
    scoreB: m.scoreB === null ? '' : String(m.scoreB),
    b: participantName(t, m.b, settled),
    note,
  };
}

/**
 * A section's rounds, each under its title, each match on one line: « ▶ W1-2  Léa 3 – 1 Noé ».
 * Columns are aligned over the whole section; names are cut so that a line fits `width`, and a
 * note that would not fit goes on the next line.
 */
function formatSection(t: Tournament, section: BracketSection, width: number, style: ViewStyle): string[] {
  const rows = section.rounds.map((round) => ({ title: round.title, cells: round.matches.map((m) => matchCells(t, m)) }));
  const all = rows.flatMap((r) => r.cells);
  const w = (pick: (c: MatchCells) => string) => Math.max(0, ...all.map((c) => pick(c).length));
  const [wId, wSa, wSb] = [w((c) => c.id), w((c) => c.scoreA), w((c) => c.scoreB)];
  const score = (c: MatchCells) => [c.scoreA.padStart(wSa), '–', c.scoreB.padEnd(wSb)].filter(Boolean).join(' ');
  const head = (c: MatchCells) => `  ${c.ready ? '▶' : ' '} ${c.id.padEnd(wId)}  `;
  // What a line holds besides the two names: its head, the score and the spaces around it.
  const fixed = head(all[0] ?? matchCellsOfNobody).length + score(all[0] ?? matchCellsOfNobody).length + 2;
  const nameMax = Math.max(8, Math.min(30, Math.floor((width - fixed) / 2)));
  const [wA, wB] = [Math.min(nameMax, w((c) => c.a)), Math.min(nameMax, w((c) => c.b))];
  const lines = (c: MatchCells) => lit(c, linesOf(c));
  // Bold is drawn around whole lines, once their width is counted.
  const lit = (c: MatchCells, drawn: string[]) => (c.ready && style.bold ? drawn.map((text) => `\x1b[1m${text}\x1b[22m`) : drawn);
  const linesOf = (c: MatchCells) => {
    const line = `${head(c)}${truncate(c.a, nameMax).padStart(wA)} ${score(c)} ${truncate(c.b, nameMax).padEnd(wB)}`;
    if (!c.note) return [line.trimEnd()];
    if (line.length + 2 + c.note.length <= width) return [`${line}  ${c.note}`];
    return [line.trimEnd(), `${' '.repeat(head(c).length)}${c.note}`];
  };
  return rows.flatMap((row) => [`  ${row.title}`, ...row.cells.flatMap(lines)]);
}

const matchCellsOfNobody: MatchCells = { ready: false, id: '', a: '', scoreA: '', scoreB: '', b: '', note: '' };
