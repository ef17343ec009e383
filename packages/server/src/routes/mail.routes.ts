import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOTIFICATION_KIND_LABELS, NotificationPreferencesSchema, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { forbidden } from '../http/errors';
import { requireUser } from '../http/session';
import { serve } from '../http/serve';
import { readUnsubscribeToken } from '../jobs';

/** What a visitor receives (per kind, in the app and by e-mail), and the one-click unsubscribe link of the mails. */
export function registerMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { guard: (request: FastifyRequest) => requireUser(ctx, request) };

  const read = async (userId: string) => {
    const [row] = await ctx.db.query<{ preferences: unknown }>(`SELECT data->'notificationPreferences' AS preferences FROM users WHERE id = $1`, [userId]);
    return NotificationPreferencesSchema.parse(row?.preferences ?? {});
  };
  const write = async (userId: string, preferences: unknown) => {
    await ctx.db.query(`UPDATE users SET data = jsonb_set(data, '{notificationPreferences}', $2::jsonb), updated_at = now() WHERE id = $1`, [userId, JSON.stringify(preferences)]);
  };

  serve(app, OPERATIONS.notificationPreferences, async (_input, { guard: user }) => read(user._id), signedIn);

  serve(app, OPERATIONS.updateNotificationPreferences, async ({ body }, { guard: user }) => {
    await write(user._id, body);
    return read(user._id);
  }, signedIn);

  // No session: the signed token names the user and the kind, and nothing else can be changed with it.
  serve(app, OPERATIONS.unsubscribe, async ({ query: { token } }, { request, reply }) => {
    const target = await readUnsubscribeToken(ctx, token);
    if (!target) throw forbidden('Ce lien de désabonnement n’est pas valable.');
    const preferences = await read(target.userId);
    preferences[target.kind] = { ...preferences[target.kind], email: false };
    await write(target.userId, preferences);
    const message = `C’est fait : vous ne recevrez plus ${NOTIFICATION_KIND_LABELS[target.kind].inMail} par e-mail. Vous pouvez changer d’avis dans votre compte.`;
    // Clicked in a mail, the link opens in a browser: a page in French rather than JSON.
    if (request.headers.accept?.includes('text/html')) return reply.type('text/html; charset=utf-8').send(unsubscribedPage(message));
    return { kind: target.kind, message };
  });
}

/** The page a mail's unsubscribe link opens (the message holds no user input). */
function unsubscribedPage(message: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Désabonnement — Sortie</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>Désabonnement</h1><p>${message}</p><p><a href="/account">Mon compte</a></p></body></html>`;
}
