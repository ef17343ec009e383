import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { loadSharp } from './sharp';
import { AppError, IMAGE_EXTENSIONS, IMAGE_FILES_PATH, IMAGE_FORMATS, IMAGE_MIME_TYPES, IMAGE_WIDTHS, MAX_IMAGE_PIXELS, type ImageFormat } from '@sortie/core';

/** One file made from an upload: a width in a format. */
export interface ImageFile {
  name: string;
  format: ImageFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ResizedImage {
  /** The picture's size once turned upright, before any resizing. */
  width: number;
  height: number;
  files: ImageFile[];
}

/** The picture formats staff may upload; an SVG (a document that may load others) or a PDF is refused. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

export const NOT_AN_IMAGE = 'Ce fichier n’est pas une image lisible : envoyez une photo ou une affiche en JPEG, PNG, WebP, AVIF ou GIF.';
export const notAnImage = (message = NOT_AN_IMAGE, cause?: unknown) => new AppError(message, { code: 'NOT_AN_IMAGE', statusCode: 422, cause });

// AVIF at effort 2 costs a fifth of the default for a file a few per cent larger; mozjpeg makes the fallback smaller at the same quality.
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  // JPEG has no transparency: a transparent logo is drawn on white rather than on black.
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
};

/** The widths made of a picture `width` wide: IMAGE_WIDTHS, none wider than the picture itself (never enlarged). */
export const widthsFor = (width: number, widths: readonly number[] = IMAGE_WIDTHS): number[] => [...new Set(widths.map((w) => Math.min(w, width)))].sort((a, b) => a - b);

export const fileUrl = (name: string) => `${IMAGE_FILES_PATH}${name}`;
export const contentTypeOf = (format: ImageFormat) => IMAGE_MIME_TYPES[format];

/**
 * Makes every width of IMAGE_WIDTHS in every format of IMAGE_FORMATS from an uploaded file,
 * turned upright by its EXIF orientation and stripped of its metadata (sharp writes none
 * unless asked: no GPS position leaves a phone's photo). A file sharp cannot read, or reads
 * as anything but a picture, is refused with a 422.
 */
export async function resizeImage(input: Buffer, imageId: string, options: { widths?: readonly number[]; formats?: readonly ImageFormat[] } = {}): Promise<ResizedImage> {
  const sharp = await loadSharp();
  const open = () => sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    if (!metadata.format || !READABLE.has(metadata.format) || !metadata.width || !metadata.height) throw notAnImage();
    if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw notAnImage(`Image trop grande : ${MAX_IMAGE_PIXELS / 1_000_000} millions de pixels au plus.`);
    // Orientations 5 to 8 turn the picture a quarter: its width is then its stored height.
    const turned = (metadata.orientation ?? 1) >= 5;
    width = turned ? metadata.height : metadata.width;
    height = turned ? metadata.width : metadata.height;
  } catch (error) {
    throw error instanceof AppError ? error : notAnImage(NOT_AN_IMAGE, error);
  }
  const jobs = widthsFor(width, options.widths).flatMap((target) => (options.formats ?? IMAGE_FORMATS).map((format) => ({ target, format })));
  try {
    const files = await Promise.all(
      jobs.map(async ({ target, format }) => {
        const { data, info } = await ENCODERS[format](open().resize({ width: target, withoutEnlargement: true })).toBuffer({ resolveWithObject: true });
        const hash = createHash('sha256').update(data).digest('hex').slice(0, 16);
        return { name: `${imageId}-${info.width}-${hash}.${IMAGE_EXTENSIONS[format]}`, format, width: info.width, height: info.height, bytes: data };
      }),
    );
    return { width, height, files };
  } catch (error) {
    // The header was readable but the pixels are not (a truncated file).
    throw notAnImage(NOT_AN_IMAGE, error);
  }
}
