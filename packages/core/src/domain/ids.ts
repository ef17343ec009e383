import { ARTIST_SLUG_MAX_LENGTH, OBJECT_ID_LENGTH } from './constants';

const OBJECT_ID = new RegExp(`^[0-9a-f]{${OBJECT_ID_LENGTH}}$`);
// 1 to 20 characters of a-z, 0-9 and hyphen, with no hyphen at either end.
const ARTIST_SLUG = new RegExp(`^(?=.{1,${ARTIST_SLUG_MAX_LENGTH}}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$`);

/** A 24-character lowercase hexadecimal id, as every entity has. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}

/** An artist's slug: 1 to 20 characters of a-z, 0-9 and hyphen, not starting or ending with a hyphen. */
export function isArtistSlug(value: unknown): value is string {
  return typeof value === 'string' && ARTIST_SLUG.test(value);
}

/** A short link's code (/r/{shortCode}): 1 to 64 letters, digits, - and _. */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A form entry's code, the visitor's receipt: 4 to 64 letters, digits, - and _. */
export const ENTRY_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

export const isShortCode = (value: unknown): value is string => typeof value === 'string' && SHORT_CODE_PATTERN.test(value);
export const isEntryCode = (value: unknown): value is string => typeof value === 'string' && ENTRY_CODE_PATTERN.test(value);

/** What /artists/{id} accepts: an object id or an artist slug. */
export function isArtistRef(value: unknown): value is string {
  return isObjectId(value) || isArtistSlug(value);
}
