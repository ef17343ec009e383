import { z } from 'zod';
import { EntityMeta, HttpUrlSchema, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';
import { ImageVariantSchema } from './image.schema';

const SlugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/, 'Slug invalide (a-z, 0-9, tirets).');

export const BlogPostInputSchema = z.object({
  slug: SlugSchema,
  title: NonEmpty('Le titre'),
  excerpt: z.string().max(500).default(''),
  body: z.string().max(100_000).default(''),
  coverImage: HttpUrlSchema.optional(),
  publishedAt: IsoDateTimeSchema.nullable().default(null),
  author: NonEmpty('L’auteur', 80),
});
export const BlogPostSchema = BlogPostInputSchema.extend(EntityMeta);
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const DocPageInputSchema = z.object({
  path: z.array(SlugSchema).min(1).max(6),
  title: NonEmpty('Le titre'),
  body: z.string().max(100_000).default(''),
  order: z.number().int().default(0),
});
export const DocPageSchema = DocPageInputSchema.extend(EntityMeta);
export type DocPage = z.infer<typeof DocPageSchema>;

export const MailTemplateInputSchema = z.object({
  name: NonEmpty('Le nom', 80),
  subject: NonEmpty('Le sujet'),
  body: z.string().max(100_000).default(''),
});
export const MailTemplateSchema = MailTemplateInputSchema.extend(EntityMeta);
export type MailTemplate = z.infer<typeof MailTemplateSchema>;

/** Replaces {{variable}} in a mail template; unknown variables stay visible so a preview shows them. */
export function renderTemplate(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => variables[name] ?? whole);
}

export const ImageInputSchema = z.object({
  /** The address of an image on the web, or, for an upload, its widest fallback variant. */
  url: z.union([HttpUrlSchema, ImageVariantSchema.shape.url]),
  alt: z.string().max(300).default(''),
  width: z.number().int().min(1).max(20_000).optional(),
  height: z.number().int().min(1).max(20_000).optional(),
  uploadedBy: ObjectIdSchema.optional(),
  /** Set by the server on an upload (POST /api/images/upload): every width and format it made. */
  variants: z.array(ImageVariantSchema).max(24).optional(),
});
export const ImageSchema = ImageInputSchema.extend(EntityMeta);
export type Image = z.infer<typeof ImageSchema>;
