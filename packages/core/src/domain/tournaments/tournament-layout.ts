import { capitalise } from '../french-format';
import { TOURNAMENT_BRACKET_LABELS } from '../labels';
import type { Bracket, EngineTournament, Match } from '../tournament-engine/tournament-engine.schema';

/*
 * How a tournament is laid out on a screen or in a terminal: sections (the main bracket, the
 * losers', the finals, each group), each in rounds, each round its matches. Pure, so the phone
 * page, the venue's screen, the dashboard and `sortie tournament show` draw the same thing.
 */

export interface RoundColumn {
  round: number;
  title: string;
  matches: Match[];
}

export interface BracketSection {
  key: string;
  bracket: Bracket;
  stage: number;
  group?: number;
  title: string;
  rounds: RoundColumn[];
}

/** The order sections are read, and matches called when they are level. */
export const SECTION_ORDER: readonly Bracket[] = ['group', 'round_robin', 'swiss', 'winners', 'losers', 'grand_final', 'third_place'];


/** « Poule A », « Poule B »… */
export const groupName = (group: number): string => `Poule ${String.fromCharCode(64 + group)}`;

/** The French title of a round: « Finale », « Demi-finales », « Quarts de finale »… counted back from the last one. */
export function roundTitle(bracket: Bracket, round: number, lastRound: number): string {
  switch (bracket) {
    case 'winners': {
      const fromEnd = lastRound - round;
      return ['Finale', 'Demi-finales', 'Quarts de finale', 'Huitièmes de finale', 'Seizièmes de finale'][fromEnd] ?? `Tour ${round}`;
    }
    case 'losers':
      return round === lastRound ? 'Finale des perdants' : `Tour ${round} des perdants`;
    case 'grand_final':
      return round === 1 ? 'Grande finale' : 'Grande finale (revanche)';
    case 'third_place':
      return 'Petite finale';
    case 'swiss':
      return `Ronde ${round}`;
    default:
      return `Journée ${round}`;
  }
}

/** The tournament's sections in reading order, each with its rounds in order. */
export function bracketSections(t: Pick<EngineTournament, 'matches'>): BracketSection[] {
  const sections = new Map<string, BracketSection>();
  for (const match of t.matches) {
    const key = `${match.stage}:${match.bracket}:${match.group ?? 0}`;
    let section = sections.get(key);
    if (!section) {
      const title = match.group !== undefined ? groupName(match.group) : capitalise(TOURNAMENT_BRACKET_LABELS[match.bracket]);
      section = { key, bracket: match.bracket, stage: match.stage, ...(match.group === undefined ? {} : { group: match.group }), title: match.stage === 2 ? `Phase finale — ${title}` : title, rounds: [] };
      sections.set(key, section);
    }
    let column = section.rounds.find((r) => r.round === match.round);
    if (!column) {
      column = { round: match.round, title: '', matches: [] };
      section.rounds.push(column);
    }
    column.matches.push(match);
  }
  const ordered = [...sections.values()].sort(
    (x, y) => x.stage - y.stage || SECTION_ORDER.indexOf(x.bracket) - SECTION_ORDER.indexOf(y.bracket) || (x.group ?? 0) - (y.group ?? 0),
  );
  for (const section of ordered) {
    section.rounds.sort((x, y) => x.round - y.round);
    const last = section.rounds.at(-1)?.round ?? 1;
    for (const column of section.rounds) column.title = roundTitle(section.bracket, column.round, last);
  }
  return ordered;
}

/** Whether the tournament reads best as a table of standings (round robin, Swiss, groups) rather than a bracket. */
export function showsStandings(t: Pick<EngineTournament, 'format' | 'matches'>): boolean {
  if (t.format === 'round_robin' || t.format === 'swiss') return true;
  return t.format === 'groups_then_elimination' && !t.matches.some((m) => m.stage === 2);
}

/** The matches being played now: ready, both players known. */
export const currentMatches = (t: Pick<EngineTournament, 'matches'>): Match[] => t.matches.filter((m) => m.status === 'ready' && m.a !== null && m.b !== null);
