import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_FORMATS, type ImageRef } from '@sortie/core';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Store } from '../db/store';
import { resizeImage, type ResizedImage } from '../images/resize';
import { loadSharp } from '../images/sharp';
import { saveImage } from '../images/image-files';
import type { DemoRecord } from './demo-record';
import { demoId } from './ids';

/*
 * The demo's pictures, drawn by the project: an SVG poster per event category, a banner per
 * place type, a logo per organisation and a few portraits for the artists, rasterised and
 * resized by the upload's own pipeline (resize.ts), then stored as uploads are. Nothing is
 * downloaded. Twenty-two designs serve every record; each is made once per machine and kept
 * in the system's temporary folder (a second load, a test run, reads them back).
 */

type Motif = 'rings' | 'curtain' | 'frames' | 'question' | 'confetti' | 'triangles' | 'waves' | 'bars' | 'columns' | 'trees';
interface Design {
  key: string;
  alt: string;
  svg: string;
  widths: number[];
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A small seeded generator, so that a design draws the same shapes on every machine (and its cache key holds). */
function seeded(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function motif(kind: Motif, w: number, h: number, random: () => number): string {
  const shapes: string[] = [];
  const light = (opacity: number) => `fill="#fff" fill-opacity="${opacity}"`;
  switch (kind) {
    case 'rings':
      for (let r = h * 0.9; r > 20; r -= h * 0.12) shapes.push(`<circle cx="${w * 0.78}" cy="${h * 0.42}" r="${r.toFixed(0)}" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="${(h * 0.03).toFixed(0)}"/>`);
      break;
    case 'curtain':
      for (let x = 0; x < w; x += w / 14) shapes.push(`<path d="M${x.toFixed(0)} 0 q ${w / 28} ${h * 0.6} 0 ${h}" stroke="#000" stroke-opacity=".18" stroke-width="${(w / 40).toFixed(0)}" fill="none"/>`);
      shapes.push(`<path d="M0 0 H${w} V${h * 0.12} Q${w / 2} ${h * 0.32} 0 ${h * 0.12} Z" ${light(0.2)}/>`);
      break;
    case 'frames':
      for (let i = 0; i < 5; i++) {
        const fw = w * (0.1 + random() * 0.12);
        const fh = fw * (0.8 + random() * 0.6);
        shapes.push(`<rect x="${(w * 0.45 + random() * w * 0.45).toFixed(0)}" y="${(random() * (h - fh)).toFixed(0)}" width="${fw.toFixed(0)}" height="${fh.toFixed(0)}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="${(h * 0.02).toFixed(0)}"/>`);
      }
      break;
    case 'question':
      shapes.push(`<text x="${w * 0.72}" y="${h * 0.82}" font-family="${FONT}" font-weight="bold" font-size="${h * 0.95}" ${light(0.2)}>?</text>`);
      break;
    case 'confetti':
      for (let i = 0; i < 60; i++) shapes.push(`<circle cx="${(random() * w).toFixed(0)}" cy="${(random() * h).toFixed(0)}" r="${(4 + random() * h * 0.03).toFixed(0)}" ${light(0.15 + random() * 0.3)}/>`);
      break;
    case 'triangles':
      for (let i = 0; i < 14; i++) {
        const x = random() * w;
        const y = random() * h;
        const s = h * (0.06 + random() * 0.12);
        shapes.push(`<path d="M${x.toFixed(0)} ${y.toFixed(0)} l${s.toFixed(0)} ${(s * 1.7).toFixed(0)} h${(-s * 2).toFixed(0)} Z" ${light(0.12 + random() * 0.2)}/>`);
      }
      break;
    case 'waves':
      for (let i = 0; i < 6; i++) {
        const y = h * (0.15 + i * 0.14);
        shapes.push(`<path d="M0 ${y.toFixed(0)} q ${w / 8} ${-h * 0.12} ${w / 4} 0 t ${w / 4} 0 t ${w / 4} 0 t ${w / 4} 0" fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="${(h * 0.025).toFixed(0)}"/>`);
      }
      break;
    case 'bars':
      for (let i = 0; i < 16; i++) {
        const bh = h * (0.15 + random() * 0.6);
        shapes.push(`<rect x="${(w * 0.5 + i * w * 0.03).toFixed(0)}" y="${(h - bh).toFixed(0)}" width="${(w * 0.02).toFixed(0)}" height="${bh.toFixed(0)}" rx="${(w * 0.006).toFixed(0)}" ${light(0.25)}/>`);
      }
      break;
    case 'columns':
      for (let i = 0; i < 6; i++) shapes.push(`<rect x="${(w * 0.5 + i * w * 0.08).toFixed(0)}" y="${(h * 0.3).toFixed(0)}" width="${(w * 0.035).toFixed(0)}" height="${(h * 0.6).toFixed(0)}" ${light(0.25)}/>`);
      shapes.push(`<path d="M${w * 0.47} ${h * 0.3} L${w * 0.73} ${h * 0.08} L${w * 0.99} ${h * 0.3} Z" ${light(0.3)}/>`);
      break;
    case 'trees':
      for (let i = 0; i < 9; i++) {
        const x = w * (0.45 + random() * 0.5);
        const s = h * (0.2 + random() * 0.25);
        shapes.push(`<path d="M${x.toFixed(0)} ${(h - s * 2.2).toFixed(0)} l${s.toFixed(0)} ${(s * 2.2).toFixed(0)} h${(-s * 2).toFixed(0)} Z" fill="#0b3d2e" fill-opacity="${(0.35 + random() * 0.3).toFixed(2)}"/>`);
      }
      break;
  }
  return shapes.join('');
}

/** A poster or a banner: a gradient, a motif and a label in large type. */
function poster(options: { key: string; label: string; from: string; to: string; motif: Motif; width: number; height: number }): string {
  const { width: w, height: h } = options;
  const random = seeded(options.key);
  const size = Math.round(h * (w / h > 2.5 ? 0.2 : 0.13));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${options.from}"/><stop offset="1" stop-color="${options.to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${motif(options.motif, w, h, random)}
<text x="${Math.round(w * 0.05)}" y="${Math.round(h * 0.84)}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#fff">${escapeXml(options.label)}</text>
<text x="${Math.round(w * 0.05)}" y="${Math.round(h * 0.16)}" font-family="${FONT}" font-weight="bold" font-size="${Math.round(size * 0.4)}" fill="#fff" fill-opacity=".8">SORTIE</text>
</svg>`;
}

const CATEGORY_DESIGNS: Array<[slug: string, label: string, from: string, to: string, motif: Motif]> = [
  ['concert', 'Concert', '#ff5a5f', '#5b2a86', 'rings'], ['theatre', 'Théâtre', '#7c5cff', '#1d1147', 'curtain'], ['expo', 'Exposition', '#2ec4b6', '#14505c', 'frames'],
  ['quiz', 'Quiz', '#ffb020', '#b3401a', 'question'], ['soiree', 'Soirée', '#4aa3ff', '#3b1c7a', 'confetti'], ['jeux', 'Jeux', '#3ecf8e', '#0f5257', 'triangles'],
  ['famille', 'En famille', '#fb8c00', '#c2185b', 'waves'], ['conference', 'Conférence', '#90a4ae', '#263238', 'bars'],
];
const PLACE_TYPE_DESIGNS: Array<[key: string, label: string, from: string, to: string, motif: Motif]> = [
  ['bar', 'Bar', '#f6a53b', '#7a2e0e', 'confetti'], ['concert', 'Salle de concert', '#e53970', '#2b1055', 'bars'], ['theatre', 'Théâtre', '#8e2de2', '#2a0845', 'curtain'],
  ['museum', 'Musée', '#c9a227', '#3e2f0b', 'columns'], ['restaurant', 'Restaurant', '#ef6c57', '#5d1f1b', 'waves'], ['park', 'Parc', '#8bc34a', '#1b5e20', 'trees'],
];
const ORGANIZATION_DESIGNS: Array<[slug: string, initials: string, from: string, to: string]> = [
  ['jazz-a-poitiers', 'JP', '#ffb020', '#b3401a'], ['ville-de-poitiers', 'VP', '#4aa3ff', '#1a3d7a'], ['asso-ludique', 'JC', '#3ecf8e', '#0f5257'], ['rochelle-culture', 'RC', '#7c5cff', '#2a1a6b'],
];
const PORTRAIT_COLOURS: Array<[string, string]> = [['#ff5a5f', '#2b1055'], ['#2ec4b6', '#0d253f'], ['#ffb020', '#7a1f5c'], ['#7c5cff', '#0f5257']];

function logo(initials: string, from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="320" height="320" fill="url(#g)"/><circle cx="250" cy="70" r="40" fill="#fff" fill-opacity=".2"/>
<text x="160" y="200" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="120" fill="#fff">${initials}</text></svg>`;
}

function portrait(index: number, from: string, to: string): string {
  const random = seeded(`portrait:${index}`);
  const rings = Array.from({ length: 5 }, (_, i) => `<circle cx="${(200 + random() * 240).toFixed(0)}" cy="${(200 + random() * 240).toFixed(0)}" r="${(60 + i * 50).toFixed(0)}" fill="none" stroke="#fff" stroke-opacity=".15" stroke-width="18"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
<defs><radialGradient id="g" cx=".3" cy=".3" r=".9"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient></defs>
<rect width="640" height="640" fill="url(#g)"/>${rings}
<circle cx="320" cy="250" r="110" fill="#fff" fill-opacity=".85"/><path d="M120 640 C 140 430, 500 430, 520 640 Z" fill="#fff" fill-opacity=".85"/></svg>`;
}

function designs(): Design[] {
  return [
    ...CATEGORY_DESIGNS.map(([slug, label, from, to, kind]) => ({ key: `category:${slug}`, alt: `Affiche : ${label.toLowerCase()}`, svg: poster({ key: slug, label, from, to, motif: kind, width: 1280, height: 640 }), widths: [320, 640, 1280] })),
    ...PLACE_TYPE_DESIGNS.map(([key, label, from, to, kind]) => ({ key: `placetype:${key}`, alt: `Bandeau : ${label.toLowerCase()}`, svg: poster({ key: `place:${key}`, label, from, to, motif: kind, width: 1500, height: 500 }), widths: [320, 640, 1280] })),
    ...ORGANIZATION_DESIGNS.map(([slug, initials, from, to]) => ({ key: `org:${slug}`, alt: `Logo (${initials})`, svg: logo(initials, from, to), widths: [320] })),
    ...PORTRAIT_COLOURS.map(([from, to], i) => ({ key: `portrait:${i}`, alt: 'Portrait d’artiste (illustration)', svg: portrait(i, from, to), widths: [320, 640] })),
  ];
}

/** Bump when a design or the encoders change: the cache then makes them again. */
const CACHE_VERSION = 2;
const CACHE_DIR = join(tmpdir(), 'sortie-demo-images');
const made = new Map<string, Promise<ResizedImage>>();

/** A demo image as its cache file keeps it: its size and each variant's bytes in base64. */
const CachedImageSchema = z.object({
  width: z.number(),
  height: z.number(),
  files: z.array(z.object({ name: z.string(), format: z.string(), width: z.number(), height: z.number(), bytes: z.string() })),
});

function fromCache(file: string): ResizedImage | null {
  try {
    const cached = CachedImageSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    const files = cached.files.map((f) => ({ ...f, format: IMAGE_FORMATS.find((known) => known === f.format) ?? 'jpeg', bytes: Buffer.from(f.bytes, 'base64') }));
    return { width: cached.width, height: cached.height, files };
  } catch {
    return null;
  }
}

function toCache(file: string, image: ResizedImage): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside then renamed: two loads at once never read half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify({ ...image, files: image.files.map((f) => ({ ...f, bytes: f.bytes.toString('base64') })) }));
    renameSync(partial, file);
  } catch {
    // A read-only temporary folder only costs the next load the time to draw them again.
  }
}

/** A design's variants: from this process's memory, else the cache folder, else drawn and resized now. */
async function make(design: Design, id: string): Promise<ResizedImage> {
  const sharp = await loadSharp();
  // From here to made.set, nothing awaits: two calls for one design share one drawing.
  const key = createHash('sha256').update(JSON.stringify({ v: CACHE_VERSION, sharp: sharp.versions.sharp, id, svg: design.svg, widths: design.widths })).digest('hex').slice(0, 32);
  let image = made.get(key);
  if (!image) {
    const file = join(CACHE_DIR, `${key}.json`);
    image = (async () => {
      const cached = fromCache(file);
      if (cached) return cached;
      const png = await sharp(Buffer.from(design.svg)).png().toBuffer();
      const resized = await resizeImage(png, id, { widths: design.widths });
      toCache(file, resized);
      return resized;
    })();
    made.set(key, image);
    // A failure is not kept: the next load tries again.
    image.catch(() => made.delete(key));
  }
  return image;
}

export const demoImageId = (key: string) => demoId(`image:${key}`);

/** Draws (or reads back) every design, ready before the load's transaction opens. */
export async function prepareDemoImages(): Promise<Array<{ id: string; alt: string; resized: ResizedImage; key: string }>> {
  const all = designs();
  const out = [];
  // One at a time: sharp already uses every core for each file.
  for (const design of all) {
    const id = demoImageId(design.key);
    out.push({ id, key: design.key, alt: design.alt, resized: await make(design, id) });
  }
  return out;
}

/**
 * Stores the prepared designs as uploads (image library and image_files) and gives each demo
 * event its category's poster, each place its type's banner, each organisation its logo and
 * each artist a portrait. `tx` is the load's transaction.
 */
export async function storeDemoImages(tx: Db, store: Store, prepared: Awaited<ReturnType<typeof prepareDemoImages>>): Promise<(record: DemoRecord) => DemoRecord> {
  const refs = new Map<string, ImageRef>();
  for (const image of prepared) refs.set(image.key, await saveImage(tx, store, { id: image.id, alt: image.alt, resized: image.resized }));
  const byId = (prefix: string, keys: string[]) => new Map(keys.map((key) => [demoId(`${prefix}:${key}`), refs.get(`${prefix}:${key}`)!]));
  const categories = byId('category', CATEGORY_DESIGNS.map(([slug]) => slug));
  const placeTypes = byId('placetype', PLACE_TYPE_DESIGNS.map(([key]) => key));
  const organizations = byId('org', ORGANIZATION_DESIGNS.map(([slug]) => slug));
  let artists = 0;
  return (record) => {
    const data = record.data;
    const first = (value: unknown) => (Array.isArray(value) && typeof value[0] === 'string' ? value[0] : typeof value === 'string' ? value : undefined);
    switch (record.resource) {
      case 'events': {
        // An event without a category (the draft, the past one) gets the evening's poster.
        const ref = categories.get(first(data.categoryIds) ?? '') ?? refs.get('category:soiree');
        return { ...record, data: { ...data, coverImage: ref } };
      }
      case 'places': {
        const ref = placeTypes.get(first(data.typeId) ?? '');
        return ref ? { ...record, data: { ...data, images: [ref] } } : record;
      }
      case 'organizations': {
        const ref = organizations.get(record.id);
        return ref ? { ...record, data: { ...data, logo: ref } } : record;
      }
      case 'artists':
        return { ...record, data: { ...data, image: refs.get(`portrait:${artists++ % PORTRAIT_COLOURS.length}`) } };
      default:
        return record;
    }
  };
}
