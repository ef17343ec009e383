import { loadSharp } from '../images/sharp';
import type { EventContent, Palette, TournamentContent, WeekContent } from './content';
import { interFonts } from './fonts';
import { qrPng } from './qr';

/*
 * The PNG visuals: each template is a tree of boxes (satori's subset of HTML and CSS, flexbox
 * only), laid out by satori into an SVG whose text is drawn as paths with Inter, then
 * rasterised by sharp (already the server's image library). No browser, no network.
 */

export const IMAGE_FORMATS = {
  square: { width: 1080, height: 1080 },
  story: { width: 1080, height: 1920 },
  preview: { width: 1200, height: 630 },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
/** The cover's height on the square (the rest holds the text and the QR code). */
export const EVENT_SQUARE_COVER = 500;
/** The cover's width on the link preview (its right side). */
export const PREVIEW_COVER = 480;

type Style = Record<string, string | number>;
/** A satori element: what React's createElement would make (satori reads type and props; key is React's, unused). */
interface Node {
  type: string;
  key: null;
  props: { style?: Style; children?: Array<Node | string> | Node | string; src?: string; width?: number; height?: number };
}
const box = (style: Style, ...children: Array<Node | string | null | false>): Node => ({ type: 'div', key: null, props: { style: { display: 'flex', ...style }, children: children.filter((c): c is Node | string => Boolean(c)) } });
const text = (style: Style, value: string): Node => ({ type: 'div', key: null, props: { style: { display: 'flex', ...style }, children: value } });
const image = (bytes: Buffer, mime: string, width: number, height: number, style: Style = {}): Node => ({
  type: 'img',
  key: null,
  props: { src: `data:${mime};base64,${bytes.toString('base64')}`, width, height, style: { width, height, ...style } },
});

/** A whole picture: the background on the outer box, the padding inside it (satori's boxes are content-box: a padded box of a fixed size would overflow). */
const frame = (width: number, height: number, outer: Style, inner: Style, ...children: Array<Node | string | null | false>): Node =>
  box({ width, height, fontFamily: 'Inter', ...outer }, box({ flexDirection: 'column', flexGrow: 1, ...inner }, ...children));

/** The address as printed: without its scheme (« sortie.fr/r/abc1234 »). */
export const printedLink = (url: string) => url.replace(/^https?:\/\//, '');

/** A title's size: smaller as it grows, so that it keeps to three lines. */
const titleSize = (title: string, base: number) => (title.length <= 24 ? base : title.length <= 48 ? Math.round(base * 0.8) : Math.round(base * 0.62));

async function qrBlock(shortUrl: string, size: number, palette: Palette, caption = 'Infos et billets'): Promise<Node> {
  return box(
    { flexDirection: 'column', alignItems: 'center', backgroundColor: '#ffffff', borderRadius: 20, padding: Math.round(size * 0.06), color: '#0f1115' },
    image(await qrPng(shortUrl, size), 'image/png', size, size),
    text({ fontSize: Math.round(size * 0.075), fontWeight: 700, marginTop: 4, color: palette.background }, caption),
    text({ fontSize: Math.round(size * 0.07), fontWeight: 400, color: '#3a3f4b' }, printedLink(shortUrl)),
  );
}

/** The tree laid out by satori, rasterised to a PNG of exactly width × height. */
export async function renderPng(node: Node, width: number, height: number): Promise<Buffer> {
  const fonts = [...interFonts()].map(([weight, data]) => ({ name: 'Inter', data, weight, style: 'normal' as const }));
  // satori with the first visual, not with the server (as sharp: images/sharp.ts).
  const { default: satori } = await import('satori');
  const svg = await satori(node, { width, height, fonts });
  return (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}

const brand = (palette: Palette, size: number) => text({ fontSize: size, fontWeight: 800, color: palette.primary, letterSpacing: -1 }, 'Sortie');

/** An event's Instagram square (1080 × 1080), story (1080 × 1920) or link preview (1200 × 630). */
export async function eventImage(format: ImageFormat, event: EventContent, cover: Buffer | null, shortUrl: string | null): Promise<Buffer> {
  const { width, height } = IMAGE_FORMATS[format];
  const p = event.palette;
  const where = [event.place, event.city].filter(Boolean).join(' · ');
  const details = (size: number) => [
    text({ fontSize: size, fontWeight: 700, color: p.primary, marginTop: Math.round(size * 0.6) }, event.day),
    text({ fontSize: size, fontWeight: 400, color: p.text, marginTop: 6 }, `${event.hours}${where ? ` · ${where}` : ''}`),
    box({ marginTop: Math.round(size * 0.7) }, text({ fontSize: Math.round(size * 0.85), fontWeight: 700, backgroundColor: p.primary, color: p.onPrimary, borderRadius: 999, padding: `${Math.round(size * 0.25)}px ${Math.round(size * 0.7)}px` }, event.price)),
  ];
  const coverBox = (w: number, h: number) =>
    cover ? image(cover, 'image/jpeg', w, h, { objectFit: 'cover' }) : box({ width: w, height: h, backgroundImage: `linear-gradient(135deg, ${p.primary}, ${p.background})` });

  if (format === 'preview') {
    const side = PREVIEW_COVER;
    return renderPng(
      box(
        { width, height, backgroundColor: p.background, color: p.text, fontFamily: 'Inter' },
        box({ width: 10, height, backgroundColor: p.primary }),
        box(
          { flexDirection: 'column', justifyContent: 'space-between', width: width - side - 10, padding: '48px 48px' },
          box({ flexDirection: 'column' }, text({ fontSize: titleSize(event.title, 60), fontWeight: 800, lineHeight: 1.1, letterSpacing: -1 }, event.title), ...details(28)),
          box({ justifyContent: 'space-between', alignItems: 'flex-end' }, brand(p, 40), shortUrl ? await qrBlock(shortUrl, 120, p, 'Infos') : null),
        ),
        coverBox(side, height),
      ),
      width,
      height,
    );
  }

  const story = format === 'story';
  const coverHeight = story ? 880 : EVENT_SQUARE_COVER;
  const qr = shortUrl ? await qrBlock(shortUrl, story ? 300 : 220, p) : null;
  return renderPng(
    box(
      { flexDirection: 'column', width, height, backgroundColor: p.background, color: p.text, fontFamily: 'Inter' },
      coverBox(width, coverHeight),
      box({ width, height: 12, backgroundColor: p.primary }),
      box(
        { flexDirection: story ? 'column' : 'row', justifyContent: 'space-between', flexGrow: 1, padding: story ? '56px 72px 72px' : '40px 56px 48px' },
        box(
          { flexDirection: 'column', flexShrink: 1, maxWidth: story ? width - 144 : width - 112 - 300 },
          text({ fontSize: titleSize(event.title, story ? 88 : 70), fontWeight: 800, lineHeight: 1.08, letterSpacing: -1 }, event.title),
          ...details(story ? 40 : 32),
        ),
        box({ flexDirection: story ? 'row' : 'column', justifyContent: 'space-between', alignItems: story ? 'flex-end' : 'flex-end' }, story ? brand(p, 56) : null, qr, story ? null : brand(p, 34)),
      ),
    ),
    width,
    height,
  );
}

/** A place's week as an Instagram square: one line per event of the next seven days. */
export async function placeWeekImage(week: WeekContent, shortUrl: string): Promise<Buffer> {
  const { width, height } = IMAGE_FORMATS.square;
  const p = week.palette;
  const shown = week.events.slice(0, 8);
  const rows = shown.length
    ? shown.map((e) =>
        box(
          { alignItems: 'baseline', padding: '14px 0', borderBottom: `2px solid ${p.primary}33` },
          text({ width: 190, fontSize: 28, fontWeight: 700, color: p.primary }, e.day),
          text({ width: 120, fontSize: 28, color: p.muted }, e.hour),
          text({ flexGrow: 1, flexShrink: 1, fontSize: 30, fontWeight: 700, lineClamp: 1, overflow: 'hidden' }, e.title),
          text({ fontSize: 24, color: p.muted, marginLeft: 16 }, e.price),
        ),
      )
    : [text({ fontSize: 32, color: p.muted, marginTop: 40 }, 'Pas d’événement prévu cette semaine : suivez-nous pour les prochains.')];
  const more = week.events.length - shown.length;
  return renderPng(
    frame(
      width,
      height,
      { backgroundColor: p.background, color: p.text },
      { padding: 64 },
      text({ fontSize: 30, fontWeight: 700, color: p.primary, textTransform: 'uppercase', letterSpacing: 2 }, 'Cette semaine'),
      text({ fontSize: titleSize(week.name, 72), fontWeight: 800, letterSpacing: -1, marginTop: 8 }, week.name),
      text({ fontSize: 28, color: p.muted, marginTop: 8, marginBottom: 24 }, week.range),
      box({ flexDirection: 'column', flexGrow: 1 }, ...rows, more > 0 ? text({ fontSize: 26, color: p.muted, marginTop: 12 }, `et ${more} autre${more > 1 ? 's' : ''} sur Sortie`) : null),
      box({ justifyContent: 'space-between', alignItems: 'flex-end' }, brand(p, 48), await qrBlock(shortUrl, 170, p, 'Tout le programme')),
    ),
    width,
    height,
  );
}

/** A tournament as an Instagram square: its name, its game, its date and the QR code to its page. */
export async function tournamentImage(t: TournamentContent, shortUrl: string): Promise<Buffer> {
  const { width, height } = IMAGE_FORMATS.square;
  const p = t.palette;
  return renderPng(
    frame(
      width,
      height,
      { backgroundImage: `linear-gradient(160deg, ${p.primary}, ${p.background} 70%)`, color: p.text },
      { justifyContent: 'space-between', padding: 72 },
      box(
        { flexDirection: 'column' },
        text({ fontSize: 32, fontWeight: 700, textTransform: 'uppercase', letterSpacing: 3 }, 'Tournoi'),
        text({ fontSize: titleSize(t.name, 96), fontWeight: 800, lineHeight: 1.05, letterSpacing: -2, marginTop: 16 }, t.name),
        text({ fontSize: 44, fontWeight: 700, marginTop: 24 }, t.game),
        t.day ? text({ fontSize: 36, marginTop: 32 }, `${t.day}${t.hours ? ` · ${t.hours}` : ''}`) : null,
        t.place ? text({ fontSize: 36, color: p.muted, marginTop: 8 }, t.place) : null,
      ),
      box({ justifyContent: 'space-between', alignItems: 'flex-end' }, brand(p, 56), await qrBlock(shortUrl, 220, p, 'Inscriptions et tableau')),
    ),
    width,
    height,
  );
}
