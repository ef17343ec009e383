import { z } from 'zod';
import { ImageFieldSchema, type ResourceName } from '@sortie/core';

type Data = Record<string, unknown>;

/**
 * A field as the server reads it from a stored record: core's schema for it, or undefined when
 * the record lacks it or holds something else (an old or hand-written row) — never a cast.
 */
const field = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = field(z.string());

/**
 * The fields of a stored record that server code reads, per resource, with core's schemas;
 * every other field passes through untouched (`looseObject`). A field that does not parse reads
 * as absent, so a record is always readable and valid fields come back unchanged.
 */
export const RECORD_FIELDS = {
  events: z.looseObject({
    placeId: text,
    organizationId: text,
    categoryIds: field(z.array(z.string())),
    coverImage: field(ImageFieldSchema),
  }),
  places: z.looseObject({ organizationId: text, address: field(z.looseObject({ city: text })) }),
  organizations: z.looseObject({}),
  eventCategories: z.looseObject({}),
  tournaments: z.looseObject({ eventId: text }),
} satisfies Partial<Record<ResourceName, z.ZodType<Data>>>;

/** The resources whose records the store can read typed. */
export type TypedResource = keyof typeof RECORD_FIELDS;
/** A stored record of `R` as the server reads it (its data, without `_id` and dates). */
export type StoredRecord<R extends TypedResource> = z.output<(typeof RECORD_FIELDS)[R]>;

// The same map, typed per key, so that a lookup by a generic name keeps its own record type.
const FIELDS: { [R in TypedResource]: z.ZodType<StoredRecord<R>> } = RECORD_FIELDS;

/** Reads a record's data through its resource's fields. */
export function recordFields<R extends TypedResource>(resource: R, data: Data): StoredRecord<R> {
  return FIELDS[resource].parse(data);
}
