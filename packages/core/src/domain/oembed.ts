import { z } from 'zod';
import { matchRoute } from './routes';

/** The pages of this site another one may embed, and the embed page each one frames. */
export type EmbeddableKind = 'event' | 'place' | 'tournament';

/** The iframe's size when the consumer asks for none: an agenda or a bracket in a sidebar or a post. */
export const EMBED_SIZE = { width: 480, height: 600 } as const;
const MIN_SIDE = 200;

const Side = z.coerce.number().int().min(1).max(4000).optional();

/** oembed.com §2.2: url is required, format json (xml is answered 501), maxwidth and maxheight bound the iframe. */
export const OEmbedQuerySchema = z.object({
  url: z.string().trim().min(1, 'Adresse de la page attendue (url).').max(2000),
  format: z.string().max(10).default('json'),
  maxwidth: Side,
  maxheight: Side,
});
export type OEmbedQuery = z.infer<typeof OEmbedQuerySchema>;

/** oembed.com §2.3.4, type rich. */
export const OEmbedSchema = z.object({
  type: z.literal('rich'),
  version: z.literal('1.0'),
  title: z.string(),
  provider_name: z.literal('Sortie'),
  provider_url: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
});
export type OEmbed = z.infer<typeof OEmbedSchema>;

/**
 * Which embeddable page `url` is on this site (`origin`): an event, a place or a tournament and
 * its id, or null for any other page or another site's address.
 */
export function embeddablePage(url: string, origin: string): { kind: EmbeddableKind; id: string } | null {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return null;
  }
  if (address.origin !== new URL(origin).origin) return null;
  try {
    const match = matchRoute(address.pathname);
    if (match.kind !== 'page') return null;
    const name = match.route.name;
    const id = match.params.id;
    if ((name === 'event' || name === 'place' || name === 'tournament') && id) return { kind: name, id };
    return null;
  } catch {
    return null;
  }
}

/** The iframe's size: the default, within what the consumer allows (never below a readable minimum). */
export function embedSize(query: Pick<OEmbedQuery, 'maxwidth' | 'maxheight'>): { width: number; height: number } {
  const bound = (side: number, max: number | undefined) => Math.max(MIN_SIDE, Math.min(side, max ?? side));
  return { width: bound(EMBED_SIZE.width, query.maxwidth), height: bound(EMBED_SIZE.height, query.maxheight) };
}
