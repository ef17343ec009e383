/*
 * The images of events, places, organisations and artists as pages show them: `srcset`,
 * `sizes`, one `<source>` per modern format and the intrinsic size that keeps the layout
 * still. Zod-free, so that a visitor's page reads it without downloading the schemas.
 */

/** The formats the server writes at upload, best first; the last is the fallback every browser reads. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_MIME_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
/** The widths made at upload (never wider than the original). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The largest file staff may upload. */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The largest picture decoded (width × height): beyond it a small file could take the server's memory. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Where the server serves the variants: /api/images/files/{image id}-{width}-{hash}.{ext}. */
export const IMAGE_FILES_PATH = '/api/images/files/';
export const IMAGE_FILE_PATTERN = /^\/api\/images\/files\/[0-9a-f]{24}-\d{1,5}-[0-9a-f]{16}\.(avif|webp|jpg)$/;

/** What the pages need of an uploaded image (ImageRefSchema parses it). */
export interface ImageRefLike {
  id: string;
  alt: string;
  width: number;
  height: number;
  variants: ReadonlyArray<{ url: string; width: number; height: number; format: ImageFormat }>;
}
/** An image field as stored: an uploaded image or, for older records, an address. */
export type ImageFieldLike = string | ImageRefLike;

export interface ResponsiveImageSource {
  type: string;
  srcSet: string;
}

/** The attributes of a `<picture>`: a `<source>` per modern format, then the fallback `<img>`. */
export interface ResponsiveImageData {
  src: string;
  srcSet?: string;
  sizes?: string;
  sources: ResponsiveImageSource[];
  width?: number;
  height?: number;
  alt: string;
}

const isHttp = (value: string) => /^https?:\/\/\S+$/i.test(value);
const byWidth = <T extends { width: number }>(a: T, b: T) => a.width - b.width;

/** The `srcset` of some variants: each file and its width, narrowest first. */
export const srcSetOf = (variants: ReadonlyArray<{ url: string; width: number }>): string =>
  [...variants].sort(byWidth).map((variant) => `${variant.url} ${variant.width}w`).join(', ');

/** The variants of one format, narrowest first. */
const variantsIn = (ref: ImageRefLike, format: ImageFormat) => ref.variants.filter((variant) => variant.format === format).sort(byWidth);

/** The format every browser reads among those the image has (JPEG when there). */
function fallbackFormat(ref: ImageRefLike): ImageFormat {
  const present = IMAGE_FORMATS.filter((format) => ref.variants.some((variant) => variant.format === format));
  return present[present.length - 1] ?? 'jpeg';
}

/**
 * How to show an image field: `sizes` says how wide it is drawn (a CSS length per media
 * condition, '100vw' when not given). An address of an older record is shown as it is; nothing
 * (null) for an empty field or an address that is not http(s).
 */
export function responsiveImage(value: ImageFieldLike | null | undefined, options: { sizes?: string; alt?: string } = {}): ResponsiveImageData | null {
  if (!value) return null;
  if (typeof value === 'string') return isHttp(value) ? { src: value, sources: [], alt: options.alt ?? '' } : null;
  const fallback = fallbackFormat(value);
  const fallbacks = variantsIn(value, fallback);
  const largest = fallbacks[fallbacks.length - 1];
  if (!largest) return null;
  const sources = IMAGE_FORMATS.filter((format) => format !== fallback)
    .map((format) => ({ type: IMAGE_MIME_TYPES[format], srcSet: srcSetOf(variantsIn(value, format)) }))
    .filter((source) => source.srcSet !== '');
  return {
    src: largest.url,
    srcSet: srcSetOf(fallbacks),
    sizes: options.sizes ?? '100vw',
    sources,
    // The largest variant's size: its ratio is the picture's, which reserves its room before it loads.
    width: largest.width,
    height: largest.height,
    alt: options.alt ?? value.alt,
  };
}

/**
 * One address for an image field, for what takes a single picture (Open Graph, JSON-LD, a
 * notification): the widest fallback variant of an upload, or the stored address. With
 * `origin` (https://sortie.example), a site path becomes absolute.
 */
export function imageUrl(value: ImageFieldLike | null | undefined, origin?: string): string | undefined {
  const image = responsiveImage(value);
  if (!image) return undefined;
  return origin && image.src.startsWith('/') ? new URL(image.src, origin).toString() : image.src;
}
