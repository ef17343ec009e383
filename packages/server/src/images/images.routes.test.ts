import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageRefSchema, MAX_IMAGE_UPLOAD_BYTES, type ImageRef } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

/** A photo as a phone sends it: large, with EXIF (a camera, a copyright) and turned by its orientation tag. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7c5cff' } })
    .withExif({ IFD0: { Make: 'Téléphone', Copyright: 'Samir' } })
    .jpeg()
    .toBuffer();
const transparentLogo = () => sharp({ create: { width: 200, height: 120, channels: 4, background: { r: 255, g: 90, b: 95, alpha: 0.5 } } }).png().toBuffer();

describe('images uploaded by staff (POST /api/images/upload, GET /api/images/files/{name})', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let visitor: string;
  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  }, 60_000);
  afterAll(() => t.close());

  const upload = (body: Buffer | string, options: { cookie?: string; type?: string; alt?: string; origin?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/images/upload${options.alt ? `?alt=${encodeURIComponent(options.alt)}` : ''}`,
      headers: { 'content-type': options.type ?? 'image/jpeg', ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.origin ? { origin: options.origin } : {}) },
      payload: body,
    });

  it('makes three widths in AVIF, WebP and JPEG, each served with its type, its size and a year of cache', async () => {
    const response = await upload(await photo(2400, 1200), { cookie: staff, alt: 'Affiche du festival' });
    expect(response.statusCode).toBe(201);
    const ref: ImageRef = ImageRefSchema.parse(response.json());
    expect(ref).toMatchObject({ alt: 'Affiche du festival', width: 2400, height: 1200 });
    expect(ref.variants.map((v) => `${v.format} ${v.width}×${v.height}`).sort()).toEqual(
      ['avif 1280×640', 'avif 320×160', 'avif 640×320', 'jpeg 1280×640', 'jpeg 320×160', 'jpeg 640×320', 'webp 1280×640', 'webp 320×160', 'webp 640×320'],
    );
    for (const variant of ref.variants) {
      const file = await t.app.inject({ method: 'GET', url: variant.url });
      expect(file.statusCode, variant.url).toBe(200);
      expect(file.headers['content-type']).toBe({ avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }[variant.format]);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(file.rawPayload).metadata();
      expect(metadata.format === 'heif' ? 'avif' : metadata.format).toBe(variant.format);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
      // Nothing of the phone's EXIF is served.
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('keeps the record in the image library, and its files go with it', async () => {
    const ref = ImageRefSchema.parse((await upload(await photo(800, 600), { cookie: staff, alt: 'Salle' })).json());
    const record = (await t.app.inject({ method: 'GET', url: `/api/images/${ref.id}` })).json();
    expect(record).toMatchObject({ alt: 'Salle', width: 800, height: 600, variants: ref.variants });
    expect(record.url).toMatch(/-800-[0-9a-f]{16}\.jpg$/);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${ref.id}`, headers: { cookie: staff } })).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: ref.variants[0]!.url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Image introuvable.');
    // The upload and the deletion are in the audit log, with who did them.
    const logged = await t.db.query<{ action: string; actor_label: string }>('SELECT action, actor_label FROM audit_log WHERE target_id = $1 ORDER BY id', [ref.id]);
    expect(logged.map((row) => [row.action, row.actor_label])).toEqual([['images.create', DEMO_ACCOUNTS.staff.email], ['images.delete', DEMO_ACCOUNTS.staff.email]]);
  });

  it('never enlarges a small picture, and draws a transparent one on white for JPEG', async () => {
    const ref = ImageRefSchema.parse((await upload(await transparentLogo(), { cookie: staff, type: 'image/png' })).json());
    expect(new Set(ref.variants.map((v) => v.width))).toEqual(new Set([200]));
    const jpeg = ref.variants.find((v) => v.format === 'jpeg')!;
    const file = await t.app.inject({ method: 'GET', url: jpeg.url });
    const { channels } = await sharp(file.rawPayload).metadata();
    expect(channels).toBe(3);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#000' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const ref = ImageRefSchema.parse((await upload(sideways, { cookie: staff })).json());
    expect([ref.width, ref.height]).toEqual([300, 600]);
    expect(ref.variants.find((v) => v.format === 'jpeg' && v.width === 300)).toMatchObject({ height: 600 });
  });

  it('refuses what is not a picture with a 422 in French, whatever its Content-Type says', async () => {
    const notes = [['ceci n’est pas une image', 'image/png'], ['%PDF-1.7', 'application/pdf'], ['{"image": true}', 'application/json'], ['du texte', 'text/plain'], ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', 'image/svg+xml']] as const;
    for (const [body, type] of notes) {
      const response = await upload(body, { cookie: staff, type });
      expect(response.statusCode, type).toBe(422);
      expect(response.json()).toMatchObject({ code: 'NOT_AN_IMAGE', message: expect.stringMatching(/n’est pas une image/) });
    }
    // A truncated JPEG: its header reads, its pixels do not.
    const truncated = (await photo(1000, 1000)).subarray(0, 2000);
    expect((await upload(truncated, { cookie: staff })).statusCode).toBe(422);
  });

  it('reads the picture whatever Content-Type was sent (curl sends a form’s)', async () => {
    const response = await upload(await photo(400, 200), { cookie: staff, type: 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a file over the limit with a 413 in French', async () => {
    const response = await upload(Buffer.alloc(MAX_IMAGE_UPLOAD_BYTES + 1, 1), { cookie: staff });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: 'Image trop volumineuse : 10 Mo au plus.' });
  });

  it('is for staff only, from the site itself', async () => {
    const image = await photo(400, 200);
    expect((await upload(image)).statusCode).toBe(401);
    const refused = await upload(image, { cookie: visitor });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Réservé à l’équipe.');
    expect((await upload(image, { cookie: staff, origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('gives the demo’s events, places, organisations and artists pictures drawn by the project, served like uploads', async () => {
    const records = [
      ['events', DEMO_IDS.firstEvent, 'coverImage'],
      ['places', DEMO_IDS.places.confort, 'images'],
      ['organizations', DEMO_IDS.organizations.jazzAPoitiers, 'logo'],
      ['artists', DEMO_IDS.artists.lesFrancoFolies, 'image'],
    ] as const;
    for (const [resource, id, field] of records) {
      const record = (await t.app.inject({ method: 'GET', url: `/api/${resource}/${id}` })).json();
      const value = field === 'images' ? record.images[0] : record[field];
      const ref = ImageRefSchema.parse(value);
      const widest = ref.variants.filter((v) => v.format === 'jpeg').sort((a, b) => b.width - a.width)[0]!;
      const file = await t.app.inject({ method: 'GET', url: widest.url });
      expect(file.statusCode, `${resource} ${widest.url}`).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(widest.width);
    }
  });

  it('answers 404 for a name that is no variant', async () => {
    for (const name of ['nope.jpg', `${'0'.repeat(24)}-320-${'0'.repeat(16)}.jpg`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/images/files/${name}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
