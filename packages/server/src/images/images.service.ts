import { AVATAR_WIDTHS, type ImageRef } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { newId } from '../db/store';
import { notFound } from '../http/errors';
import { actorOf } from '../audit/audit-log';
import { resizeImage } from './resize';
import { readImageFile, saveImage, type StoredFile } from './image-files';
import { dropUploadedAvatar } from './uploaded-avatars';

/** A variant's name as resizeImage makes them: any other name is not asked of the database. */
const FILE_NAME = /^[0-9a-f]{24}-\d{1,5}-[0-9a-f]{16}\.(avif|webp|jpg)$/;

/**
 * The pictures uploaded to Sortie: staff's uploads to the image library (audited), a visitor's
 * own avatar (two small widths, the previous upload removed once replaced), and the variants'
 * bytes, read from the database so that every node serves the same files. sharp, not the
 * request's Content-Type, decides what is a picture (422 otherwise).
 */
export class ImageService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'store' | 'users'>) {}

  /** Resizes `bytes` into every variant and stores them with their library record, written to the audit log for `user`. */
  async upload(bytes: Buffer, alt: string, user: UserJson): Promise<ImageRef> {
    const id = newId();
    const resized = await resizeImage(bytes, id);
    return saveImage(this.ctx.db, this.ctx.store, { id, alt, uploadedBy: user._id, resized, audit: actorOf(user) });
  }

  /** Makes `bytes` the visitor's avatar (its widest WebP variant) and answers the account as it is now. */
  async setAvatar(bytes: Buffer, user: UserJson): Promise<UserJson> {
    const id = newId();
    const resized = await resizeImage(bytes, id, { widths: AVATAR_WIDTHS });
    const ref = await saveImage(this.ctx.db, this.ctx.store, { id, alt: `Photo de ${user.displayName}`, uploadedBy: user._id, resized });
    const widest = [...ref.variants].filter((v) => v.format === 'webp').sort((a, b) => b.width - a.width)[0] ?? ref.variants[0]!;
    await this.ctx.db.query(`UPDATE users SET data = jsonb_set(data, '{avatar}', to_jsonb($2::text)), updated_at = now() WHERE id = $1`, [user._id, widest.url]);
    await dropUploadedAvatar(this.ctx.db, user._id, user['avatar']);
    const updated = await this.ctx.users.byId(user._id);
    if (!updated) throw notFound('Compte introuvable.');
    return updated;
  }

  /** One variant's type and bytes, or null when no variant has that name. */
  async file(name: string): Promise<StoredFile | null> {
    return FILE_NAME.test(name) ? readImageFile(this.ctx.db, name) : null;
  }
}
