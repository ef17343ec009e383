import { IMAGE_FORMATS, RESOURCES, type ImageRef } from '@sortie/core';
import type { Db } from '../db/database';
import { newId, type Store } from '../db/store';
import { recordOf } from '../db/rows';
import { parse } from '../http/errors';
import { contentTypeOf, fileUrl, type ResizedImage } from './resize';
import { recordAudit, type AuditActor } from '../audit/audit-log';

export interface StoredFile {
  contentType: string;
  bytes: Buffer;
}

/** What an entity's image field holds of an upload: the library record's id and every variant's address. */
export function imageRefOf(id: string, alt: string, resized: ResizedImage): ImageRef {
  return {
    id,
    alt,
    width: resized.width,
    height: resized.height,
    variants: resized.files.map((file) => ({ url: fileUrl(file.name), width: file.width, height: file.height, format: file.format })),
  };
}

/**
 * Writes an upload: its record in the image library (where staff find it again) and its
 * variants, in one transaction, so that no node ever serves a record without its files.
 * `db` may be a transaction already open (the demo's load).
 */
export async function saveImage(db: Db, store: Store, input: { id?: string; alt: string; uploadedBy?: string; resized: ResizedImage; audit?: AuditActor }): Promise<ImageRef> {
  const id = input.id ?? newId();
  const ref = imageRefOf(id, input.alt, input.resized);
  // The widest fallback is the record's address, for whatever shows one picture (the library's grid).
  const fallback = [...ref.variants].filter((v) => v.format === 'jpeg').sort((a, b) => b.width - a.width)[0] ?? ref.variants[0]!;
  const record = recordOf(
    parse(RESOURCES.images.input, { url: fallback.url, alt: input.alt, width: ref.width, height: ref.height, variants: ref.variants, ...(input.uploadedBy ? { uploadedBy: input.uploadedBy } : {}) }),
  );
  await db.transaction(async (tx) => {
    await store.insert('images', record, { id, db: tx });
    // One statement for every variant (nine for a large picture).
    const files = input.resized.files;
    const rows = files.map((_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6})`);
    const params = files.flatMap((file) => [file.name, id, file.format, file.width, file.height, file.bytes]);
    await tx.query(`INSERT INTO image_files (name, image_id, format, width, height, bytes) VALUES ${rows.join(', ')}`, params);
    // A staff upload is in the audit log, in the same transaction (a visitor's own picture is not).
    if (input.audit) await recordAudit(tx, { actor: input.audit, action: 'images.create', targetType: 'images', targetId: id, after: { alt: input.alt, width: ref.width, height: ref.height } });
  });
  return ref;
}

/** One variant's bytes and type, or null when no file has that name (its image deleted, or never made). */
export async function readImageFile(db: Db, name: string): Promise<StoredFile | null> {
  const [row] = await db.query<{ format: string; bytes: Buffer | Uint8Array }>('SELECT format, bytes FROM image_files WHERE name = $1', [name]);
  const format = IMAGE_FORMATS.find((known) => known === row?.format);
  if (!row || !format) return null;
  return { contentType: contentTypeOf(format), bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) };
}
