import { z } from 'zod';
import { isArtistSlug, isObjectId } from '../ids';

// A NUL character, or half of a UTF-16 surrogate pair: PostgreSQL stores neither in text or jsonb, and
// no person types one. (The NUL is the point here, not a mistake: hence the rule's exception.)
// eslint-disable-next-line no-control-regex
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT_MESSAGE = 'Le texte contient un caractère invalide (caractère nul ou paire UTF-16 incomplète).';
const MAX_TEXT_DEPTH = 32;

/** Whether a string can be stored and shown: no NUL, no lone surrogate. */
export const isStorableText = (value: string): boolean => !UNSTORABLE_TEXT.test(value);

/** Whether any string in `value` (its keys included) holds a NUL or a lone surrogate. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_TEXT_DEPTH) return false;
  if (value instanceof Uint8Array || value instanceof Date) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => !isStorableText(key) || hasUnstorableText(item, depth + 1));
}

/**
 * `schema`, refusing in French any value that holds a NUL or a lone surrogate in one of its
 * strings: every operation's path, query and body are wrapped so (operations.ts), so that the
 * server, the web app and the CLI refuse the same text, a 400 before the database.
 */
export function refuseUnstorableText<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    if (hasUnstorableText(value)) ctx.addIssue({ code: 'custom', message: UNSTORABLE_TEXT_MESSAGE });
  }) as S;
}

export const ObjectIdSchema = z.string().refine(isObjectId, { message: 'Identifiant invalide : 24 caractères hexadécimaux attendus.' });
export const ArtistSlugSchema = z.string().refine(isArtistSlug, {
  message: 'Slug invalide : 1 à 20 caractères a-z, 0-9 ou tiret, sans tiret au début ni à la fin.',
});
export const IsoDateTimeSchema = z.iso.datetime({ offset: true, message: 'Date et heure ISO 8601 attendues.' });

/** Only http: and https: targets are ever stored or followed (no javascript:, data:, …). */
export const HttpUrlSchema = z
  .string()
  .trim()
  .max(2048, 'Adresse trop longue (2048 caractères au plus).')
  .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)
  .refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Adresse web invalide : seules les adresses http et https sont acceptées.');

/** A brand colour as `#rrggbb` (either case in, lower case stored): a venue's, an organisation's, a category's. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const HexColourSchema = z.string().trim().regex(HEX_COLOUR_PATTERN, 'Couleur attendue au format #rrggbb.').toLowerCase();

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Adresse e-mail invalide.' }));
export const CentsSchema = z.number().int('Montant en centimes attendu.').min(0, 'Le montant ne peut pas être négatif.');
export const LatLngSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export const NonEmpty = (label: string, max = 200) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} : ${max} caractères au plus.`)
    .refine(isStorableText, `${label} : ${UNSTORABLE_TEXT_MESSAGE.charAt(0).toLowerCase()}${UNSTORABLE_TEXT_MESSAGE.slice(1)}`);

/** Fields every stored entity has; `_id` as SPEC.md shows for events. */
export const EntityMeta = {
  _id: ObjectIdSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
};
export const ENTITY_META_KEYS = { _id: true, createdAt: true, updatedAt: true } as const;

export const PageMetaSchema = z.object({
  total: z.number().int().min(0),
  limit: z.number().int().min(0),
  offset: z.number().int().min(0),
  /** Long lists stop counting at a cap: there are then at least `total` items. */
  totalIsEstimate: z.boolean().optional(),
  /** The public lists that page by cursor: the `cursor` of the next page, null on the last one (list-cursor.schema.ts). */
  nextCursor: z.string().nullable().optional().meta({ description: 'Les listes publiques : le curseur de la page suivante, à renvoyer tel quel dans `cursor` ; `null` sur la dernière page.' }),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** Every list answers `{ meta, items }`. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ meta: PageMetaSchema, items: z.array(item) });
export interface Page<T> {
  meta: PageMeta;
  items: T[];
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const intFromQuery = (min: number, max: number, fallback: number) =>
  z.coerce.number().int('Nombre entier attendu.').min(min, `Au moins ${min}.`).max(max, `Au plus ${max}.`).default(fallback);

/**
 * `ids` of a list query: the records to read in one request (a page's artists, categories…),
 * comma-separated, at most a page of them.
 */
export const IdListSchema = z
  .string()
  .transform((value) => value.split(','))
  .pipe(z.array(ObjectIdSchema).min(1).max(MAX_PAGE_SIZE, `Au plus ${MAX_PAGE_SIZE} identifiants.`));

/** Query of every list route: pagination, text search, common filters. */
export const ListQuerySchema = z.object({
  limit: intFromQuery(0, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  offset: intFromQuery(0, 1_000_000, 0),
  q: z.string().trim().max(200, 'Recherche trop longue (200 caractères au plus).').refine(isStorableText, UNSTORABLE_TEXT_MESSAGE).optional(),
  sort: z.string().regex(/^-?[A-Za-z]{1,40}$/, 'Tri invalide.').optional(),
});
export type ListQuery = z.input<typeof ListQuerySchema>;
