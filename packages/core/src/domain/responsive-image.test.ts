import { describe, expect, it } from 'vitest';
import { imageUrl, responsiveImage, srcSetOf, type ImageRefLike } from './responsive-image';
import { ImageFieldSchema, ImageRefSchema } from './schemas/image.schema';

const id = '0123456789abcdef01234567';
const file = (width: number, ext: string) => `/api/images/files/${id}-${width}-0123456789abcdef.${ext}`;
const variant = (width: number, format: 'avif' | 'webp' | 'jpeg') => ({ url: file(width, format === 'jpeg' ? 'jpg' : format), width, height: width / 2, format });
// Listed out of order, as nothing promises the server writes them sorted.
const poster: ImageRefLike = {
  id,
  alt: 'Affiche du concert',
  width: 1600,
  height: 800,
  variants: [variant(1280, 'jpeg'), variant(320, 'jpeg'), variant(640, 'jpeg'), variant(640, 'avif'), variant(320, 'avif'), variant(1280, 'avif'), variant(320, 'webp'), variant(1280, 'webp'), variant(640, 'webp')],
};

describe('responsiveImage, for an uploaded image', () => {
  it('gives the JPEG fallback every width, narrowest first, and its widest file as src', () => {
    const image = responsiveImage(poster, { sizes: '80px' })!;
    expect(image.srcSet).toBe(`${file(320, 'jpg')} 320w, ${file(640, 'jpg')} 640w, ${file(1280, 'jpg')} 1280w`);
    expect(image.src).toBe(file(1280, 'jpg'));
    expect(image.sizes).toBe('80px');
  });

  it('offers AVIF, then WebP, as sources with their own srcset', () => {
    const { sources } = responsiveImage(poster, { sizes: '100vw' })!;
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.srcSet).toBe(`${file(320, 'avif')} 320w, ${file(640, 'avif')} 640w, ${file(1280, 'avif')} 1280w`);
  });

  it('gives the widest variant’s width and height, whose ratio reserves the room', () => {
    expect(responsiveImage(poster)).toMatchObject({ width: 1280, height: 640, sizes: '100vw' });
  });

  it('uses the alternative text given at upload unless the page gives its own', () => {
    expect(responsiveImage(poster)!.alt).toBe('Affiche du concert');
    expect(responsiveImage(poster, { alt: '' })!.alt).toBe('');
  });

  it('falls back on the last format there when an image has no JPEG', () => {
    const webpOnly = { ...poster, variants: [variant(640, 'webp'), variant(320, 'webp')] };
    const image = responsiveImage(webpOnly)!;
    expect(image.src).toBe(file(640, 'webp'));
    expect(image.sources).toEqual([]);
  });
});

describe('responsiveImage, for a record written before uploads', () => {
  it('shows the stored address as it is, without srcset', () => {
    expect(responsiveImage('https://images.example.org/affiche.jpg')).toEqual({ src: 'https://images.example.org/affiche.jpg', sources: [], alt: '' });
  });

  it('shows nothing for an empty field or an address that is not http(s)', () => {
    expect(responsiveImage(undefined)).toBeNull();
    expect(responsiveImage('')).toBeNull();
    expect(responsiveImage('javascript:alert(1)')).toBeNull();
  });
});

describe('imageUrl', () => {
  it('is the widest JPEG of an upload, absolute with an origin, for link previews', () => {
    expect(imageUrl(poster)).toBe(file(1280, 'jpg'));
    expect(imageUrl(poster, 'https://sortie.example')).toBe(`https://sortie.example${file(1280, 'jpg')}`);
    expect(imageUrl('https://images.example.org/a.jpg', 'https://sortie.example')).toBe('https://images.example.org/a.jpg');
  });
});

describe('srcSetOf', () => {
  it('is empty for no variant', () => expect(srcSetOf([])).toBe(''));
});

describe('the image field schema', () => {
  it('accepts an address (older records) and an uploaded image', () => {
    expect(ImageFieldSchema.parse('https://images.example.org/a.jpg')).toBe('https://images.example.org/a.jpg');
    expect(ImageFieldSchema.parse(poster)).toEqual(poster);
  });

  it('refuses a variant served from anywhere but the image files route', () => {
    const foreign = { ...poster, variants: [{ ...variant(320, 'jpeg'), url: 'https://evil.example/x.jpg' }] };
    expect(ImageRefSchema.safeParse(foreign).success).toBe(false);
    expect(ImageFieldSchema.safeParse('data:image/png;base64,AAAA').success).toBe(false);
  });
});
