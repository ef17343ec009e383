import { z } from 'zod';
import { ListQuerySchema } from './common.schema';

/**
 * Where a page of a list ends, for the next one to start after it: the list's order (`o`, a tag
 * the server derives from the list and its sort, so that a cursor of another list is refused)
 * and the sort key of the page's last row, its id last (`k`, as the database writes each value).
 * Keyed on the sort and not on a count, the next page neither repeats nor skips a row when
 * rows are added or removed before it.
 */
export const ListPositionSchema = z.strictObject({
  o: z.string().regex(/^[a-z0-9]{1,16}$/),
  k: z.array(z.string().max(1000).nullable()).min(1).max(6),
});
export type ListPosition = z.infer<typeof ListPositionSchema>;

export const INVALID_CURSOR_MESSAGE = 'Curseur invalide : reprenez tel quel le `nextCursor` d’une page de la même liste.';

const utf8 = { encoder: new TextEncoder(), decoder: new TextDecoder('utf-8', { fatal: true }) };

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of utf8.encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return utf8.decoder.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The opaque `cursor` of a position: base64url of its JSON. */
export const encodeListCursor = (position: ListPosition): string => toBase64Url(JSON.stringify(position));

/** A cursor's position, or null when it is not one this server wrote. */
export function decodeListCursor(cursor: string): ListPosition | null {
  try {
    const parsed = ListPositionSchema.safeParse(JSON.parse(fromBase64Url(cursor)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `cursor` of a list's query: the `nextCursor` of the page before, read back into its position. */
export const ListCursorSchema = z
  .string()
  .max(4000, INVALID_CURSOR_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR_MESSAGE)
  .transform((cursor, ctx) => {
    const position = decodeListCursor(cursor);
    if (!position) ctx.addIssue({ code: 'custom', message: INVALID_CURSOR_MESSAGE });
    return position ?? z.NEVER;
  })
  .meta({ description: 'Le `nextCursor` de la page précédente, tel quel (opaque). Avec un curseur, `offset` doit rester à 0.' });

/** The query of a public list that pages by cursor as well as by offset. */
export const CursorListQuerySchema = ListQuerySchema.extend({ cursor: ListCursorSchema.optional() });
