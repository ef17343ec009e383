import { z } from 'zod';
import { HttpUrlSchema, ObjectIdSchema } from './common.schema';
import { IMAGE_FILE_PATTERN, IMAGE_FORMATS } from '../responsive-image';

/** A variant the server made at upload: one width in one format, at its content-hashed path. */
export const ImageVariantSchema = z.object({
  url: z.string().regex(IMAGE_FILE_PATTERN, 'Adresse de variante d’image invalide.'),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
  format: z.enum(IMAGE_FORMATS),
});
export type ImageVariant = z.infer<typeof ImageVariantSchema>;

/**
 * An uploaded image as an event, a place, an organisation or an artist holds it: the record of
 * the image library it came from, its text alternative, its size and every variant, so that a
 * page builds its `srcset` without another request.
 */
export const ImageRefSchema = z.object({
  id: ObjectIdSchema,
  alt: z.string().trim().max(300).default(''),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
  variants: z.array(ImageVariantSchema).min(1, 'Au moins une variante d’image.').max(24),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

/** An image field: an uploaded image, or an address on the web (the records written before uploads still hold one). */
export const ImageFieldSchema = z.union([HttpUrlSchema, ImageRefSchema]);
export type ImageField = z.infer<typeof ImageFieldSchema>;

/** The alternative text given at upload (POST /api/images/upload?alt=…). */
export const ImageUploadQuerySchema = z.object({ alt: z.string().trim().max(300, 'Texte alternatif : 300 caractères au plus.').default('') });

/** The body of an upload: the file's bytes as the server reads them, the File a browser sends. */
export const ImageUploadBodySchema = z.custom<Uint8Array | Blob>((value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob), {
  message: 'Envoyez le fichier de l’image.',
});
