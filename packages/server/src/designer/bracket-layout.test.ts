import { describe, expect, it } from 'vitest';
import { TournamentSchema, shownSections, tournamentEngine, type Tournament } from '@sortie/core';
import { bracketSheets, MIN_PRINTED_MATCH, type PrintedPage, type SheetFrame } from './bracket-layout';
import { PAGE_SIZES } from './pdf';

const A3: SheetFrame = { width: PAGE_SIZES.A3[1], height: PAGE_SIZES.A3[0], margin: 28, head: 64 };

function started(players: number, format: 'single_elimination' | 'double_elimination'): Tournament {
  const registered = TournamentSchema.parse({
    _id: '0000000000000000000000aa',
    name: 'Mario Kart',
    game: 'Mario Kart 8',
    format,
    participants: Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, name: `Joueur ${i + 1}`, seed: i + 1 })),
    createdAt: '2026-11-24T20:00:00.000Z',
    updatedAt: '2026-11-24T20:00:00.000Z',
  });
  const result = tournamentEngine.start(registered);
  if (!result.ok) throw new Error(result.error.message);
  return result.tournament;
}

const boxes = (sheet: PrintedPage) => sheet.sections.flatMap((s) => s.matches);

/** Every box inside the sheet under its head, and no two boxes of a column overlapping. */
function faults(sheet: PrintedPage, frame: SheetFrame): string[] {
  const found: string[] = [];
  for (const box of boxes(sheet)) {
    if (box.x < frame.margin || box.x + box.width > frame.width - frame.margin || box.y < frame.margin || box.y + box.height > frame.height - frame.margin - frame.head) found.push(`${box.id} outside`);
  }
  for (const a of boxes(sheet))
    for (const b of boxes(sheet)) {
      if (a.id < b.id && a.x === b.x && a.y < b.y + b.height && b.y < a.y + a.height) found.push(`${a.id} over ${b.id}`);
    }
  return found;
}

describe('the bracket printed on A3', () => {
  it('prints an 8-player double elimination on one sheet: every match once, names and scores, winners marked, lines to the next match', () => {
    const t = started(8, 'double_elimination');
    const first = t.matches.find((m) => m.id === 'W1-1')!;
    const played = tournamentEngine.report(t, first.id, 2, 1, { reportedBy: 'staff' });
    if (!played.ok) throw new Error(played.error.message);
    const sheets = bracketSheets(played.tournament, A3);
    expect(sheets).toHaveLength(1);
    const [sheet] = sheets;
    expect(sheet!.part).toBeNull();
    expect(sheet!.sections.map((s) => s.title)).toEqual(['Tableau principal', 'Tableau des perdants', 'Grande finale']);
    expect(boxes(sheet!).map((b) => b.id).sort()).toEqual(shownSections(played.tournament).flatMap((s) => s.rounds.flatMap((r) => r.matches.map((m) => m.id))).sort());
    expect(faults(sheet!, A3)).toEqual([]);
    const printed = boxes(sheet!).find((b) => b.id === 'W1-1')!;
    expect(printed.sides).toEqual([
      { name: 'Joueur 1', score: '2', won: true },
      { name: 'Joueur 8', score: '1', won: false },
    ]);
    expect(printed.height).toBeGreaterThanOrEqual(MIN_PRINTED_MATCH);
    // The main bracket's 4 + 2 matches lead to the next one in it; the final leads out of it.
    expect(sheet!.sections[0]!.links).toHaveLength(6);
    for (const link of sheet!.sections[0]!.links) expect(link.to.x).toBeGreaterThan(link.from.x);
  });

  it('prints 128 players in the parts the screen shows, one a sheet, each readable', () => {
    const sheets = bracketSheets(started(128, 'single_elimination'), A3);
    expect(sheets.map((s) => s.part)).toEqual([
      'Tableau principal · Tour 1 (1/4)',
      'Tableau principal · Tour 1 (2/4)',
      'Tableau principal · Tour 1 (3/4)',
      'Tableau principal · Tour 1 (4/4)',
      'Tableau principal · Tour 2 (1/2)',
      'Tableau principal · Tour 2 (2/2)',
      'Tableau principal · Seizièmes de finale, Huitièmes de finale, Quarts de finale, Demi-finales, Finale',
    ]);
    expect(sheets.flatMap(boxes)).toHaveLength(127);
    for (const sheet of sheets) {
      expect(faults(sheet, A3)).toEqual([]);
      for (const box of boxes(sheet)) expect(box.height).toBeGreaterThanOrEqual(MIN_PRINTED_MATCH);
    }
  });

  it('prints nothing to draw before the start', () => {
    const registered = TournamentSchema.parse({ _id: '0000000000000000000000aa', name: 'Mario Kart', game: 'Mario Kart 8', createdAt: '2026-11-24T20:00:00.000Z', updatedAt: '2026-11-24T20:00:00.000Z' });
    expect(bracketSheets(registered, A3)).toEqual([]);
  });
});
