import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { EventContent, Palette, TournamentContent, WeekContent } from './content';
import { interFonts } from './fonts';
import { qrModules } from './qr';
import { printedLink } from './images';

/*
 * The printed posters: PDF pages drawn with pdf-lib (text as text, in Inter embedded and
 * subset through @pdf-lib/fontkit; the QR code as vector squares, sharp at any size), so
 * that a print shop gets a file that stays crisp in A3. The cover, when uploaded, is a JPEG.
 */

export const PAGE_SIZES = { A4: [595.28, 841.89], A3: [841.89, 1190.55] } as const;
export type PageSize = keyof typeof PAGE_SIZES;
/** The share of the page the cover takes at the top, and so the cover's proportions (the same in A4 and A3). */
const HEAD_SHARE = 0.4;
export const POSTER_COVER_RATIO = PAGE_SIZES.A4[0] / (PAGE_SIZES.A4[1] * HEAD_SHARE);

/**
 * pdf-lib and fontkit, loaded by the first poster rather than by the server: together they are
 * the largest part of a start's module loading on this machine, for a page staff print a few
 * times a week. Every drawing comes after newDocument, which loads them.
 */
let pdfLib: typeof PdfLib | undefined;
let loading: Promise<typeof PdfLib> | undefined;
async function loadPdfLib(): Promise<{ pdf: typeof PdfLib; fontkit: Parameters<PDFDocument['registerFontkit']>[0] }> {
  const [pdf, fontkit] = await Promise.all([(loading ??= import('pdf-lib')), import('@pdf-lib/fontkit')]);
  pdfLib = pdf;
  return { pdf, fontkit: fontkit.default };
}
function loaded(): typeof PdfLib {
  if (!pdfLib) throw new Error('pdf-lib se charge avec newDocument, avant tout dessin.');
  return pdfLib;
}
const rgb = (red: number, green: number, blue: number): RGB => loaded().rgb(red, green, blue);

export const colour = (hex: string): RGB => rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
export const INK = '#0f1115';
export const GREY = '#4a4f5c';

/** `value` cut into lines no wider than `width` (a word longer than a line is cut where it must). */
export function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
    else {
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  black: PDFFont;
}

export async function newDocument(title: string): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const { pdf, fontkit } = await loadPdfLib();
  const doc = await pdf.PDFDocument.create();
  doc.registerFontkit(fontkit);
  const files = interFonts();
  const [regular, bold, black] = await Promise.all([doc.embedFont(files.get(400)!, { subset: true }), doc.embedFont(files.get(700)!, { subset: true }), doc.embedFont(files.get(800)!, { subset: true })]);
  doc.setTitle(title);
  doc.setCreator('Sortie — designer');
  doc.setProducer('Sortie');
  doc.setLanguage('fr-FR');
  return { doc, fonts: { regular: regular!, bold: bold!, black: black! } };
}

/** The QR code drawn module by module at (x, y) (its lower left corner), `size` wide, on a white square with its quiet zone. */
export function drawQr(page: PDFPage, shortUrl: string, x: number, y: number, size: number): void {
  const modules = qrModules(shortUrl);
  const count = modules.length + 4;
  const unit = size / count;
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      // A hair wider than a module, so that no seam shows between neighbours.
      if (dark) page.drawRectangle({ x: x + (c + 2) * unit, y: y + size - (r + 3) * unit, width: unit + 0.05, height: unit + 0.05, color: rgb(0, 0, 0) });
    }),
  );
}

interface Layout {
  doc: PDFDocument;
  page: PDFPage;
  fonts: Fonts;
  s: number;
  width: number;
  height: number;
  margin: number;
}

async function startPoster(size: PageSize, title: string): Promise<Layout> {
  const { doc, fonts } = await newDocument(title);
  const [width, height] = PAGE_SIZES[size];
  const page = doc.addPage([width, height]);
  const s = width / PAGE_SIZES.A4[0];
  return { doc, page, fonts, s, width, height, margin: 40 * s };
}

/** The foot of every poster: the brand and the venue on the left, the QR code and its printed address on the right. Returns its top. */
function drawFoot(l: Layout, palette: Palette, shortUrl: string, caption: string, left: string | null): number {
  const { page, fonts, s, width, margin } = l;
  const qr = 150 * s;
  const qrX = width - margin - qr;
  const qrY = margin + 26 * s;
  drawQr(page, shortUrl, qrX, qrY, qr);
  const link = printedLink(shortUrl);
  const linkSize = Math.min(11 * s, (qr / fonts.bold.widthOfTextAtSize(link, 1)) * 0.98);
  page.drawText(link, { x: qrX + (qr - fonts.bold.widthOfTextAtSize(link, linkSize)) / 2, y: margin + 8 * s, size: linkSize, font: fonts.bold, color: colour(INK) });
  const captionSize = 13 * s;
  page.drawText(caption, { x: qrX + (qr - fonts.regular.widthOfTextAtSize(caption, captionSize)) / 2, y: qrY + qr + 6 * s, size: captionSize, font: fonts.regular, color: colour(GREY) });
  page.drawText('Sortie', { x: margin, y: margin + 8 * s, size: 30 * s, font: fonts.black, color: colour(palette.primary) });
  if (left) for (const [i, line] of wrap(left, fonts.regular, 11 * s, qrX - margin * 2).slice(0, 3).entries()) page.drawText(line, { x: margin, y: margin + 50 * s + (2 - i) * 14 * s, size: 11 * s, font: fonts.regular, color: colour(GREY) });
  return qrY + qr + 22 * s;
}

/** The title, as large as three lines allow, from `top` down; returns where it ends. */
function drawTitle(l: Layout, title: string, top: number, maxSize: number): number {
  const { page, fonts, s, width, margin } = l;
  let size = maxSize * s;
  let lines = wrap(title, fonts.black, size, width - 2 * margin);
  while (lines.length > 3 && size > 20 * s) {
    size -= 2 * s;
    lines = wrap(title, fonts.black, size, width - 2 * margin);
  }
  let y = top;
  for (const line of lines.slice(0, 4)) {
    y -= size * 1.08;
    page.drawText(line, { x: margin, y, size, font: fonts.black, color: colour(INK) });
  }
  return y;
}

function drawPill(l: Layout, palette: Palette, label: string, top: number): number {
  const { page, fonts, s, margin } = l;
  const size = 16 * s;
  const w = fonts.bold.widthOfTextAtSize(label, size) + 28 * s;
  const h = size + 16 * s;
  page.drawRectangle({ x: margin, y: top - h, width: w, height: h, color: colour(palette.primary) });
  page.drawText(label, { x: margin + 14 * s, y: top - h + 10 * s, size, font: fonts.bold, color: colour(palette.onPrimary) });
  return top - h;
}

/** The top of a poster: the cover (an uploaded JPEG) or a block of the venue's colour, and a band under it. Returns its bottom. */
async function drawHead(l: Layout, palette: Palette, cover: Buffer | null, kicker: string): Promise<number> {
  const { doc, page, fonts, s, width, height, margin } = l;
  const headHeight = height * HEAD_SHARE;
  const bottom = height - headHeight;
  if (cover) {
    const jpg = await doc.embedJpg(cover);
    page.drawImage(jpg, { x: 0, y: bottom, width, height: headHeight });
  } else {
    page.drawRectangle({ x: 0, y: bottom, width, height: headHeight, color: colour(palette.background) });
    page.drawRectangle({ x: 0, y: bottom, width: width * 0.35, height: headHeight, color: colour(palette.primary) });
    page.drawText(kicker, { x: margin, y: height - margin - 28 * s, size: 28 * s, font: fonts.black, color: colour(palette.onPrimary) });
  }
  page.drawRectangle({ x: 0, y: bottom - 8 * s, width, height: 8 * s, color: colour(palette.primary) });
  return bottom - 8 * s;
}

/** An event's poster: cover, title, date and hours in Paris time, place, price, and the QR code of its short link with the link printed. */
export async function eventPoster(size: PageSize, event: EventContent, cover: Buffer | null, shortUrl: string): Promise<Uint8Array> {
  const l = await startPoster(size, event.title);
  const { page, fonts, s, margin } = l;
  const p = event.palette;
  let y = (await drawHead(l, p, cover, 'Sortie')) - 34 * s;
  y = drawTitle(l, event.title, y, 52);
  y -= 40 * s;
  page.drawText(event.day, { x: margin, y, size: 24 * s, font: fonts.bold, color: colour(p.primary) });
  y -= 30 * s;
  page.drawText(event.hours, { x: margin, y, size: 20 * s, font: fonts.regular, color: colour(INK) });
  const where = [event.place, event.city].filter(Boolean).join(', ');
  for (const line of wrap(where, fonts.regular, 18 * s, l.width - 2 * margin).slice(0, 2)) {
    y -= 26 * s;
    page.drawText(line, { x: margin, y, size: 18 * s, font: fonts.regular, color: colour(GREY) });
  }
  drawPill(l, p, event.price, y - 22 * s);
  drawFoot(l, p, shortUrl, 'Infos et billets', event.place);
  return l.doc.save();
}

/** A tournament's poster: its name, its game, its date and place, the QR code to its page. */
export async function tournamentPoster(size: PageSize, t: TournamentContent, shortUrl: string): Promise<Uint8Array> {
  const l = await startPoster(size, t.name);
  const { page, fonts, s, margin } = l;
  const p = t.palette;
  let y = (await drawHead(l, p, null, 'Tournoi')) - 34 * s;
  y = drawTitle(l, t.name, y, 52);
  y -= 40 * s;
  page.drawText(t.game, { x: margin, y, size: 24 * s, font: fonts.bold, color: colour(p.primary) });
  if (t.day) {
    y -= 30 * s;
    page.drawText(`${t.day}${t.hours ? ` · ${t.hours}` : ''}`, { x: margin, y, size: 18 * s, font: fonts.regular, color: colour(INK) });
  }
  if (t.place) {
    y -= 24 * s;
    page.drawText(t.place, { x: margin, y, size: 16 * s, font: fonts.regular, color: colour(GREY) });
  }
  drawFoot(l, p, shortUrl, 'Inscriptions et tableau', null);
  return l.doc.save();
}

/** A place's week on an A4 page: one line per event of the next seven days. */
export async function placeWeekPoster(week: WeekContent, shortUrl: string): Promise<Uint8Array> {
  const l = await startPoster('A4', `${week.name} — cette semaine`);
  const { page, fonts, s, width, height, margin } = l;
  const p = week.palette;
  page.drawRectangle({ x: 0, y: height - 150 * s, width, height: 150 * s, color: colour(p.primary) });
  page.drawText('CETTE SEMAINE', { x: margin, y: height - 60 * s, size: 14 * s, font: fonts.bold, color: colour(p.onPrimary) });
  page.drawText(wrap(week.name, fonts.black, 34 * s, width - 2 * margin)[0] ?? '', { x: margin, y: height - 100 * s, size: 34 * s, font: fonts.black, color: colour(p.onPrimary) });
  page.drawText(week.range, { x: margin, y: height - 130 * s, size: 13 * s, font: fonts.regular, color: colour(p.onPrimary) });
  const footTop = drawFoot(l, p, shortUrl, 'Tout le programme', week.city || null);
  let y = height - 190 * s;
  if (week.events.length === 0) page.drawText('Pas d’événement prévu cette semaine.', { x: margin, y, size: 16 * s, font: fonts.regular, color: colour(GREY) });
  for (const [i, e] of week.events.entries()) {
    if (y < footTop + 30 * s) {
      page.drawText(`et ${week.events.length - i} de plus sur Sortie`, { x: margin, y, size: 12 * s, font: fonts.regular, color: colour(GREY) });
      break;
    }
    page.drawText(e.day, { x: margin, y, size: 14 * s, font: fonts.bold, color: colour(p.primary) });
    page.drawText(e.hour, { x: margin + 100 * s, y, size: 14 * s, font: fonts.regular, color: colour(INK) });
    const priceWidth = fonts.regular.widthOfTextAtSize(e.price, 12 * s);
    page.drawText(e.price, { x: width - margin - priceWidth, y, size: 12 * s, font: fonts.regular, color: colour(GREY) });
    const title = wrap(e.title, fonts.bold, 14 * s, width - 2 * margin - 170 * s - priceWidth)[0] ?? '';
    page.drawText(title, { x: margin + 160 * s, y, size: 14 * s, font: fonts.bold, color: colour(INK) });
    page.drawLine({ start: { x: margin, y: y - 10 * s }, end: { x: width - margin, y: y - 10 * s }, thickness: 0.5 * s, color: colour('#d0d3da') });
    y -= 34 * s;
  }
  return l.doc.save();
}
