import type { BracketSection, RoundColumn } from './tournament-layout';

/*
 * A bracket too big for the venue's screen is shown a part at a time, in turn: each section
 * alone (the main bracket, the losers'), the finals together, groups two by two; a round of
 * more matches than a screen column holds is cut into parts of that many. The screen measures
 * whether the whole fits; this says what the parts are, so that every match is on one page.
 */

/** How long the screen shows each part before the next. */
export const SCREEN_PAGE_MS = 15_000;
/** Below this scale the whole bracket is too small to read across a bar (names of about 14 px on a 1080p screen): the screen shows it in parts. */
export const READABLE_SCREEN_SCALE = 0.6;
/** The matches one column of the screen holds, read from the back of the room. */
export const SCREEN_COLUMN_MATCHES = 16;

export interface ScreenPage {
  key: string;
  /** What the screen says it shows: « Tableau principal », « Tableau principal · Tour 1 (2/4) ». */
  title: string;
  sections: BracketSection[];
}

const isFinal = (s: BracketSection) => s.bracket === 'grand_final' || s.bracket === 'third_place';

/** The parts the screen shows in turn, in reading order; one page for a bracket with a single part. */
export function screenPages(sections: readonly BracketSection[]): ScreenPage[] {
  const pages: ScreenPage[] = [];
  const groups = sections.filter((s) => s.group !== undefined);
  const finals = sections.filter((s) => s.group === undefined && isFinal(s));
  for (let i = 0; i < groups.length; i += 2) {
    const pair = groups.slice(i, i + 2);
    pages.push({ key: pair.map((s) => s.key).join('+'), title: pair.map((s) => s.title).join(' et '), sections: pair });
  }
  for (const section of sections) {
    if (section.group === undefined && !isFinal(section)) pages.push(...sectionPages(section));
  }
  if (finals.length > 0) pages.push({ key: finals.map((s) => s.key).join('+'), title: finals.map((s) => s.title).join(' et '), sections: finals });
  return pages;
}

/** A section on one page, or its crowded rounds one part at a time and the rest of it after them. */
function sectionPages(section: BracketSection): ScreenPage[] {
  const crowded = section.rounds.filter((r) => r.matches.length > SCREEN_COLUMN_MATCHES);
  if (crowded.length === 0) return [{ key: section.key, title: section.title, sections: [section] }];
  const pages: ScreenPage[] = [];
  for (const round of crowded) {
    const parts = Math.ceil(round.matches.length / SCREEN_COLUMN_MATCHES);
    for (let part = 0; part < parts; part++) {
      const matches = round.matches.slice(part * SCREEN_COLUMN_MATCHES, (part + 1) * SCREEN_COLUMN_MATCHES);
      pages.push({
        key: `${section.key}:${round.round}:${part + 1}`,
        title: `${section.title} · ${round.title} (${part + 1}/${parts})`,
        sections: [withRounds(section, [{ ...round, matches }])],
      });
    }
  }
  const rest = section.rounds.filter((r) => r.matches.length <= SCREEN_COLUMN_MATCHES);
  if (rest.length > 0) pages.push({ key: `${section.key}:rest`, title: `${section.title} · ${rest.map((r) => r.title).join(', ')}`, sections: [withRounds(section, rest)] });
  return pages;
}

const withRounds = (section: BracketSection, rounds: RoundColumn[]): BracketSection => ({ ...section, rounds });
