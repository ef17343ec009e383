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

/** What /artists/{id} accepts: an object id or an artist slug. */
export function isArtistRef(value: unknown): value is string {
  return isObjectId(value) || isArtistSlug(value);
}
