import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOTIFICATION_KIND_LABELS, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { requireUser } from '../http/session';
import { serve } from '../http/serve';
import { NotificationPreferenceService } from '../services/notification-preferences.service';

/** What a visitor receives (per kind, in the app and by e-mail), and the one-click unsubscribe link of the mails. */
export function registerMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preferences = new NotificationPreferenceService(ctx);
  const signedIn = { guard: (request: FastifyRequest) => requireUser(ctx, request) };

  serve(app, OPERATIONS.notificationPreferences, async (_input, { guard: user }) => preferences.of(user._id), signedIn);

  serve(app, OPERATIONS.updateNotificationPreferences, async ({ body }, { guard: user }) => preferences.replace(user._id, body), signedIn);

  // No session: the signed token names the user and the kind, and nothing else can be changed with it.
  serve(app, OPERATIONS.unsubscribe, async ({ query: { token } }, { request, reply }) => {
    const kind = await preferences.unsubscribe(token);
    const message = `C’est fait : vous ne recevrez plus ${NOTIFICATION_KIND_LABELS[kind].inMail} par e-mail. Vous pouvez changer d’avis dans votre compte.`;
    // Clicked in a mail, the link opens in a browser: a page in French rather than JSON.
    if (request.headers.accept?.includes('text/html')) return reply.type('text/html; charset=utf-8').send(unsubscribedPage(message));
    return { kind, message };
  });
}

/** The page a mail's unsubscribe link opens (the message holds no user input). */
function unsubscribedPage(message: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Désabonnement — Sortie</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>Désabonnement</h1><p>${message}</p><p><a href="/account">Mon compte</a></p></body></html>`;
}
