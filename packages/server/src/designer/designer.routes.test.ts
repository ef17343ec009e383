import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS, demoId } from '../demo/ids';
import { qrModules, qrPayload } from './qr';

const HOST = 'sortie.exemple.fr';
const ORIGIN = `http://${HOST}`;

/** The QR code a picture shows, read as a phone would (jsQR over sharp's raw pixels). */
async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

/** The modules the PDF draws, painted 8 px each with their quiet zone, then read. */
function readModules(modules: boolean[][]): string | null {
  const scale = 8;
  const size = (modules.length + 8) * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const i = (((r + 4) * scale + y) * size + (c + 4) * scale + x) * 4;
          pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
        }
    }),
  );
  return jsQR(pixels, size, size)?.data ?? null;
}

describe('the designer', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let visitor: string;
  let shortUrl: string;
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });
  const event = DEMO_IDS.firstEvent;

  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  }, 60_000);
  afterAll(() => t.close());

  it('is for staff: 401 without a session, 403 for a visitor', async () => {
    for (const url of [`/api/designer/events/${event}/poster.pdf`, `/api/designer/events/${event}/image.png`, `/api/designer/places/${DEMO_IDS.places.tapGarden}/week.png`, `/api/designer/tournaments/${DEMO_IDS.tournament}/poster.pdf`]) {
      expect((await get(url)).statusCode, url).toBe(401);
      const refused = await get(url, visitor);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toMatch(/[éà]/);
    }
  });

  it('gives the event a short link on first use, that leads to its page, and keeps it', async () => {
    const res = await get(`/api/designer/events/${event}/link`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json() as { code: string; url: string; target: string };
    expect(link.url).toBe(`${ORIGIN}/r/${link.code}`);
    expect(link.target).toBe(`${ORIGIN}/events/${event}`);
    const again = await get(`/api/designer/events/${event}/link`, staff);
    expect(again.json()).toEqual(link);
    const visit = await get(`/r/${link.code}`);
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe(`${ORIGIN}/events/${event}`);
    shortUrl = link.url;
  });

  it('makes an A4 and an A3 poster (PDF) whose QR code holds the short link', async () => {
    const a4 = await get(`/api/designer/events/${event}/poster.pdf`, staff);
    expect(a4.statusCode, a4.body.slice(0, 200)).toBe(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(a4.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBeTruthy();

    const a3 = await get(`/api/designer/events/${event}/poster.pdf?size=A3&download=1`, staff);
    expect(a3.headers['content-disposition']).toMatch(/^attachment; filename=".+-a3\.pdf"$/);
    const size = (await PDFDocument.load(a3.rawPayload)).getPage(0).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([842, 1191]);

    // The poster draws qrModules(short link) square by square: those modules read back as the link, `?q` marking a scan (issue 36).
    expect(qrPayload(shortUrl)).toBe(`${shortUrl}?q`);
    expect(readModules(qrModules(shortUrl))).toBe(`${shortUrl}?q`);

    const wrong = await get(`/api/designer/events/${event}/poster.pdf?size=A5`, staff);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('A4 ou A3');
  }, 60_000);

  it('makes the Instagram square (1080 × 1080) and story (1080 × 1920) whose QR code reads as the short link', async () => {
    for (const [format, width, height] of [['square', 1080, 1080], ['story', 1080, 1920], ['preview', 1200, 630]] as const) {
      const res = await get(`/api/designer/events/${event}/image.png?format=${format}`, staff);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], format).toEqual(['png', width, height]);
      expect(await readQr(res.rawPayload), format).toBe(`${shortUrl}?q`);
    }
    expect((await get(`/api/designer/events/${'f'.repeat(24)}/image.png`, staff)).statusCode).toBe(404);
  }, 60_000);

  it('makes a place’s week (square and A4) and a tournament’s poster, each with the QR code of its page’s short link', async () => {
    const place = DEMO_IDS.places.tapGarden;
    const square = await get(`/api/designer/places/${place}/week.png?download=1`, staff);
    expect(square.statusCode, square.body.slice(0, 200)).toBe(200);
    expect(await sharp(square.rawPayload).metadata()).toMatchObject({ width: 1080, height: 1080 });
    const placeLink = await readQr(square.rawPayload);
    expect(placeLink).toMatch(new RegExp(`^${ORIGIN}/r/`));
    expect((await get(placeLink!.slice(ORIGIN.length))).headers.location).toBe(`${ORIGIN}/places/${place}`);
    const a4 = await get(`/api/designer/places/${place}/week.pdf`, staff);
    expect((await PDFDocument.load(a4.rawPayload)).getPageCount()).toBe(1);

    const poster = await get(`/api/designer/tournaments/${DEMO_IDS.tournament}/poster.pdf`, staff);
    expect(poster.statusCode, poster.body.slice(0, 200)).toBe(200);
    expect((await PDFDocument.load(poster.rawPayload)).getPageCount()).toBe(1);
    const bracket = await get(`/api/designer/tournaments/${DEMO_IDS.tournament}/bracket.pdf`, staff);
    expect(bracket.statusCode).toBe(200);
    expect(bracket.headers['content-type']).toBe('application/pdf');
    const sheet = (await PDFDocument.load(bracket.rawPayload)).getPage(0).getSize();
    // A3 by default, landscape: 42 × 29.7 cm.
    expect([Math.round(sheet.width), Math.round(sheet.height)]).toEqual([1191, 842]);
    expect((await get(`/api/designer/tournaments/${DEMO_IDS.tournament}/bracket.pdf?size=A5`, staff)).json().message).toBe('Requête invalide. size : Format attendu : A4 ou A3.');
    expect((await get(`/api/designer/tournaments/${DEMO_IDS.tournament}/bracket.pdf`, visitor)).statusCode).toBe(403);
    const image = await get(`/api/designer/tournaments/${DEMO_IDS.tournament}/image.png`, staff);
    const tournamentLink = await readQr(image.rawPayload);
    expect((await get(tournamentLink!.slice(ORIGIN.length))).headers.location).toBe(`${ORIGIN}/tournaments/${DEMO_IDS.tournament}`);
  }, 60_000);

  it('draws a place’s visuals in the colour staff give it (refused in French unless #rrggbb, stored in lower case)', async () => {
    const place = DEMO_IDS.places.tapGarden;
    const patch = (colour: unknown) => t.app.inject({ method: 'PATCH', url: `/api/places/${place}`, headers: { host: HOST, cookie: staff }, payload: { colour } });
    /** How many pixels of the square are exactly `hex`. */
    const pixelsOf = async (hex: string) => {
      const png = (await get(`/api/designer/places/${place}/week.png`, staff)).rawPayload;
      const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      let count = 0;
      for (let i = 0; i < data.length; i += 3) if (data[i] === r && data[i + 1] === g && data[i + 2] === b) count++;
      return count;
    };
    // Without a colour of its own (nor its organisation's), the place's week is in Sortie's.
    expect(await pixelsOf('#ff5a5f')).toBeGreaterThan(500);
    expect(await pixelsOf('#1e6b52')).toBe(0);

    const refused = await patch('rouge');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Couleur attendue au format #rrggbb.');

    const saved = await patch('#1E6B52');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().colour).toBe('#1e6b52');
    expect((await get(`/api/places/${place}`)).json().colour).toBe('#1e6b52');
    expect(await pixelsOf('#1e6b52')).toBeGreaterThan(500);
    expect(await pixelsOf('#ff5a5f')).toBe(0);

    // « Aucune »: null takes the colour away again.
    const cleared = await patch(null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().colour ?? null).toBeNull();
    expect(await pixelsOf('#1e6b52')).toBe(0);
  }, 60_000);

  it('serves anyone a published event’s link preview (1200 × 630, cached), and no draft’s', async () => {
    const res = await get(`/api/og/events/${event}.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    // Staff made the event's short link above: the preview shows its QR code.
    expect(await readQr(res.rawPayload)).toBe(`${shortUrl}?q`);
    expect((await get(`/api/og/events/${demoId('event:draft')}.png`)).statusCode).toBe(404);
    expect((await get(`/api/og/events/nope.png`)).statusCode).toBe(404);
  }, 60_000);
});
