import { participantName, screenPages, shownSections, type BracketSection, type Tournament, type TournamentMatch as Match } from '@sortie/core';

/*
 * The bracket printed on paper (A3 by default, landscape): where each section, round and match
 * goes on each page, in PDF points from the lower left corner. Pure, so that its geometry is
 * tested without reading a PDF back. A bracket too tall for one sheet is printed in the parts
 * the venue's screen shows in turn (core's screenPages), one part a sheet.
 */

export interface PrintedMatch {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Each side's name and score; `won` marks the winner. */
  sides: Array<{ name: string; score: string; won: boolean }>;
}

export interface PrintedSection {
  title: string;
  x: number;
  /** The baseline of the section's title. */
  y: number;
  rounds: Array<{ title: string; x: number; y: number }>;
  matches: PrintedMatch[];
  /** From a match to the one its winner plays next, when both are on this page. */
  links: Array<{ from: { x: number; y: number }; to: { x: number; y: number } }>;
}

export interface PrintedPage {
  /** The part of the bracket the sheet shows, beside the tournament's name: « Tableau principal · Tour 1 (1/4) », or null for the whole. */
  part: string | null;
  sections: PrintedSection[];
  /** The size of a name on the sheet, in points. */
  fontSize: number;
}

export interface SheetFrame {
  width: number;
  height: number;
  margin: number;
  /** The height the sheet's head (name, game, date) takes under the top margin. */
  head: number;
}

/** Below this height a match's two lines are no longer read on paper: the bracket is printed in parts. */
export const MIN_PRINTED_MATCH = 22;
const SECTION_TITLE = 22;
const ROUND_TITLE = 16;
const GAP = 8;

const matchSlots = (section: BracketSection) => Math.max(1, ...section.rounds.map((r) => r.matches.length));

/** The sheets of a tournament's bracket on a page of `frame`'s size. */
export function bracketSheets(tournament: Tournament, frame: SheetFrame): PrintedPage[] {
  const sections = shownSections(tournament);
  if (sections.length === 0) return [];
  const whole = layOut(tournament, sections, frame, null);
  if (whole.fits) return [whole.page];
  const pages = screenPages(sections);
  return pages.map((page) => layOut(tournament, page.sections, frame, page.title).page);
}

function layOut(tournament: Tournament, sections: BracketSection[], frame: SheetFrame, part: string | null): { page: PrintedPage; fits: boolean } {
  const left = frame.margin;
  const width = frame.width - 2 * frame.margin;
  const top = frame.height - frame.margin - frame.head;
  const available = top - frame.margin - sections.length * (SECTION_TITLE + ROUND_TITLE + GAP);
  const totalSlots = sections.reduce((sum, s) => sum + matchSlots(s), 0);
  const slot = available / totalSlots;
  const boxHeight = Math.min(40, slot - 4);
  const fontSize = Math.max(5, Math.min(11, boxHeight / 2.6));
  const printed: PrintedSection[] = [];
  let y = top;
  for (const section of sections) {
    const columns = section.rounds.length;
    const columnWidth = width / Math.max(columns, 1);
    const boxWidth = Math.min(220, columnWidth - 24);
    const height = matchSlots(section) * slot;
    const titleY = y - SECTION_TITLE + 6;
    const roundsY = titleY - ROUND_TITLE;
    const bodyTop = y - SECTION_TITLE - ROUND_TITLE - GAP / 2;
    const matches: PrintedMatch[] = [];
    const rounds = section.rounds.map((round, c) => {
      const x = left + c * columnWidth;
      const step = height / round.matches.length;
      round.matches.forEach((match, i) => {
        const centre = bodyTop - step * (i + 0.5);
        matches.push({ id: match.id, x, y: centre - boxHeight / 2, width: boxWidth, height: boxHeight, sides: sides(tournament, match) });
      });
      return { title: round.title, x, y: roundsY };
    });
    printed.push({ title: section.title, x: left, y: titleY, rounds, matches, links: links(section, matches) });
    y = bodyTop - height - GAP / 2;
  }
  return { page: { part, sections: printed, fontSize }, fits: boxHeight >= MIN_PRINTED_MATCH };
}

function sides(tournament: Tournament, match: Match): PrintedMatch['sides'] {
  const done = match.status === 'done';
  const score = (value: number | null) => (done && value !== null ? String(value) : '');
  return [
    { name: participantName(tournament, match.a, done), score: score(match.scoreA), won: match.winner !== null && match.winner === match.a },
    { name: participantName(tournament, match.b, done), score: score(match.scoreB), won: match.winner !== null && match.winner === match.b },
  ];
}

/** The bracket's lines: from the right edge of a match to the left edge of the match its winner goes to, in the same section. */
function links(section: BracketSection, matches: PrintedMatch[]): PrintedSection['links'] {
  const byId = new Map(matches.map((m) => [m.id, m]));
  const result: PrintedSection['links'] = [];
  for (const match of section.rounds.flatMap((r) => r.matches)) {
    const from = byId.get(match.id);
    const to = match.winnerTo ? byId.get(match.winnerTo.matchId) : undefined;
    if (!from || !to || to.x <= from.x) continue;
    result.push({ from: { x: from.x + from.width, y: from.y + from.height / 2 }, to: { x: to.x, y: to.y + to.height / 2 } });
  }
  return result;
}
