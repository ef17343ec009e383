import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { requireUser } from '../http/session';
import { serve } from '../http/serve';
import { dropUploadedAvatar } from '../images/uploaded-avatars';

/** PATCH /api/me/profile: the visitor's name, city and (back to initials) picture. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { guard: (request: FastifyRequest) => requireUser(ctx, request) };
  serve(
    app,
    OPERATIONS.updateMyProfile,
    async ({ body }, { guard: user }) => {
      const set: Record<string, unknown> = {};
      const removed: string[] = [];
      if (body.displayName !== undefined) set['displayName'] = body.displayName;
      if (body.city === null) removed.push('city');
      else if (body.city !== undefined) set['city'] = body.city;
      if (body.avatar === null) removed.push('avatar');
      await ctx.db.query(
        `UPDATE users SET data = (data || $2::jsonb) - $3::text[], city = CASE WHEN $4 THEN $5 ELSE city END, updated_at = now() WHERE id = $1`,
        [user._id, JSON.stringify(set), removed, body.city !== undefined, body.city ?? null],
      );
      if (body.avatar === null) await dropUploadedAvatar(ctx.db, user._id, user['avatar']);
      const updated = await ctx.users.byId(user._id);
      if (!updated) throw notFound('Compte introuvable.');
      return updated;
    },
    signedIn,
  );
}
