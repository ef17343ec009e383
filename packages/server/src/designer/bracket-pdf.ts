import { TOURNAMENT_FORMAT_LABELS, type Tournament } from '@sortie/core';
import { bracketSheets, type PrintedMatch, type SheetFrame } from './bracket-layout';
import type { TournamentContent } from './content';
import { colour, drawQr, GREY, INK, newDocument, PAGE_SIZES, wrap, type Fonts, type PageSize } from './pdf';
import type { PDFPage } from 'pdf-lib';

const MARGIN = 28;
const HEAD = 64;
const QR = 56;
const LINE = '#9aa0ac';

/**
 * A tournament's bracket to print and pin up (A3 landscape by default): its name, game and
 * date, the QR code to follow it live, then the bracket as it stands — names, scores, winners
 * in bold — drawn by bracket-layout.ts, on as many sheets as it needs.
 */
export async function bracketPoster(size: PageSize, content: TournamentContent, tournament: Tournament, shortUrl: string): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument(`${content.name} — tableau`);
  const [shortSide, longSide] = PAGE_SIZES[size];
  const frame: SheetFrame = { width: longSide, height: shortSide, margin: MARGIN, head: HEAD };
  const sheets = bracketSheets(tournament, frame);
  if (sheets.length === 0) {
    const page = doc.addPage([frame.width, frame.height]);
    drawHead(page, fonts, content, tournament, null, shortUrl, frame);
    page.drawText('Le tableau sera tiré au démarrage du tournoi.', { x: MARGIN, y: frame.height / 2, size: 20, font: fonts.regular, color: colour(GREY) });
  }
  for (const [index, sheet] of sheets.entries()) {
    const page = doc.addPage([frame.width, frame.height]);
    drawHead(page, fonts, content, tournament, sheet.part, shortUrl, frame);
    if (sheets.length > 1) page.drawText(`${index + 1}/${sheets.length}`, { x: frame.width - MARGIN - 30, y: MARGIN / 2, size: 9, font: fonts.regular, color: colour(GREY) });
    for (const section of sheet.sections) {
      page.drawText(section.title, { x: section.x, y: section.y, size: 14, font: fonts.bold, color: colour(content.palette.primary) });
      for (const round of section.rounds) page.drawText(round.title, { x: round.x, y: round.y, size: 10, font: fonts.regular, color: colour(GREY) });
      for (const link of section.links) {
        // An elbow, as drawn by hand: out of the match, down or up to its next one, into it.
        const bend = (link.from.x + link.to.x) / 2;
        for (const [start, end] of [
          [link.from, { x: bend, y: link.from.y }],
          [{ x: bend, y: link.from.y }, { x: bend, y: link.to.y }],
          [{ x: bend, y: link.to.y }, link.to],
        ] as const)
          page.drawLine({ start, end, thickness: 0.8, color: colour(LINE) });
      }
      for (const match of section.matches) drawMatch(page, fonts, match, sheet.fontSize);
    }
  }
  return doc.save();
}

function drawHead(page: PDFPage, fonts: Fonts, content: TournamentContent, tournament: Tournament, part: string | null, shortUrl: string, frame: SheetFrame): void {
  const top = frame.height - MARGIN;
  const textWidth = frame.width - 2 * MARGIN - QR - 16;
  const name = wrap(content.name, fonts.black, 24, textWidth)[0] ?? '';
  page.drawText(name, { x: MARGIN, y: top - 22, size: 24, font: fonts.black, color: colour(INK) });
  const when = [content.day, content.hours].filter(Boolean).join(' · ');
  const line = [content.game, TOURNAMENT_FORMAT_LABELS[tournament.format], when, content.place, part].filter(Boolean).join(' · ');
  page.drawText(wrap(line, fonts.regular, 12, textWidth)[0] ?? '', { x: MARGIN, y: top - 42, size: 12, font: fonts.regular, color: colour(GREY) });
  drawQr(page, shortUrl, frame.width - MARGIN - QR, top - QR, QR);
  page.drawText('Sortie', { x: MARGIN, y: MARGIN / 2, size: 12, font: fonts.black, color: colour(content.palette.primary) });
}

function drawMatch(page: PDFPage, fonts: Fonts, match: PrintedMatch, size: number): void {
  page.drawRectangle({ x: match.x, y: match.y, width: match.width, height: match.height, borderColor: colour(INK), borderWidth: 0.8, color: colour('#ffffff') });
  page.drawLine({ start: { x: match.x, y: match.y + match.height / 2 }, end: { x: match.x + match.width, y: match.y + match.height / 2 }, thickness: 0.4, color: colour(LINE) });
  match.sides.forEach((side, i) => {
    const font = side.won ? fonts.bold : fonts.regular;
    const baseline = match.y + match.height * (i === 0 ? 0.75 : 0.25) - size * 0.35;
    const scoreWidth = side.score ? fonts.bold.widthOfTextAtSize(side.score, size) : 0;
    const name = wrap(side.name, font, size, match.width - scoreWidth - 12)[0] ?? '';
    page.drawText(name, { x: match.x + 4, y: baseline, size, font, color: colour(INK) });
    if (side.score) page.drawText(side.score, { x: match.x + match.width - 4 - scoreWidth, y: baseline, size, font: fonts.bold, color: colour(INK) });
  });
}
