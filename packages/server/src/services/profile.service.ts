import type { ProfilePatch } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { notFound } from '../http/errors';
import { dropUploadedAvatar } from '../images/uploaded-avatars';

/** A visitor's own profile: the name shown, the city, and the picture (back to initials). */
export class ProfileService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'users'>) {}

  /**
   * Applies a patch to the user's profile (a null city or avatar removes it); a picture they
   * had uploaded goes with its files. Answers the account as it reads now.
   */
  async update(user: UserJson, patch: ProfilePatch): Promise<UserJson> {
    const set: Record<string, unknown> = {};
    const removed: string[] = [];
    if (patch.displayName !== undefined) set['displayName'] = patch.displayName;
    if (patch.city === null) removed.push('city');
    else if (patch.city !== undefined) set['city'] = patch.city;
    if (patch.avatar === null) removed.push('avatar');
    await this.ctx.db.query(
      `UPDATE users SET data = (data || $2::jsonb) - $3::text[], city = CASE WHEN $4 THEN $5 ELSE city END, updated_at = now() WHERE id = $1`,
      [user._id, JSON.stringify(set), removed, patch.city !== undefined, patch.city ?? null],
    );
    if (patch.avatar === null) await dropUploadedAvatar(this.ctx.db, user._id, user['avatar']);
    const updated = await this.ctx.users.byId(user._id);
    if (!updated) throw notFound('Compte introuvable.');
    return updated;
  }
}
