import type { Db } from '../db/database';

/** The image an uploaded avatar's address names (its variants' names start with the image's id). */
export const uploadedImageOf = (avatar: unknown): string | null => (typeof avatar === 'string' ? (/^\/api\/images\/files\/([0-9a-f]{24})-/.exec(avatar)?.[1] ?? null) : null);

/** Removes a picture the visitor uploaded as their avatar, once it is theirs no more: no file left that shows them. */
export async function dropUploadedAvatar(db: Db, userId: string, avatar: unknown): Promise<void> {
  const imageId = uploadedImageOf(avatar);
  if (!imageId) return;
  await db.transaction(async (tx) => {
    const [own] = await tx.query(`DELETE FROM images WHERE id = $1 AND data->>'uploadedBy' = $2 RETURNING id`, [imageId, userId]);
    if (own) await tx.query('DELETE FROM image_files WHERE image_id = $1', [imageId]);
  });
}
