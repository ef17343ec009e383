import { DIAGNOSTIC_LABELS, formatNumericDateTime, type DiagnosticCheck, type DiagnosticResult } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { sendMail } from '../jobs/mail';
import type { InstagramPort } from '../instagram/port';
import type { BrightDataPort } from '../brightdata/port';
import { fieldOf } from '../unknown-value';
import { describeDevice } from '../identity/device';
import { FCM_SERVICE, messagingDevicesOf } from '../push/messaging-devices';

type Outcome = Omit<DiagnosticResult, 'check' | 'durationMs'>;
const ok = (message: string): Outcome => ({ outcome: 'ok', message });
const unconfigured = (message: string): Outcome => ({ outcome: 'unconfigured', message });
const failed = (message: string): Outcome => ({ outcome: 'error', message });

export interface DiagnosticPorts {
  instagram: InstagramPort | null;
  brightdata: BrightDataPort | null;
  /** Stripe's API, for an authenticated call that changes nothing (GET /v1/balance). */
  fetchImpl?: typeof fetch;
}

const CHECKS: Record<DiagnosticCheck, (ctx: AppContext, user: UserJson, ports: DiagnosticPorts) => Promise<Outcome>> = {
  async push(ctx, user) {
    // The admin's phones and browsers (Web Push subscriptions and FCM device tokens), named before the push (a device its service says is gone is removed by it).
    const subscriptions = await ctx.db.query<{ id: string; endpoint: string; user_agent: string | null }>('SELECT id, endpoint, user_agent FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, id', [user._id]);
    const fcm = await messagingDevicesOf(ctx.db, user._id, null);
    const names = new Map<string, { device: string; service: string }>([
      ...subscriptions.map((subscription) => [subscription.id, { device: describeDevice(subscription.user_agent), service: new URL(subscription.endpoint).host }] as const),
      ...fcm.map((device) => [device.id, { device: describeDevice(device.user_agent), service: FCM_SERVICE }] as const),
    ]);
    const notification = await ctx.notify({ userId: user._id, title: 'Test de notification', body: 'Envoyée depuis /dashboard/test : si vous la voyez, les notifications marchent.', link: '/dashboard/test' });
    const sockets = ctx.io ? (await ctx.io.in(`user:${user._id}`).fetchSockets()).length : 0;
    const inApp = `Notification envoyée : dans la cloche${sockets ? ` et poussée à ${sockets} connexion(s) ouverte(s)` : ', aucune connexion ouverte pour la recevoir en direct'}.`;
    if (!names.size) return ok(`${inApp} Aucun téléphone ni navigateur n’est abonné aux notifications de votre compte (à autoriser depuis « Mon compte »).`);
    // One line per device sent to (an FCM token of a browser also on Web Push is not: it receives the notification once, by Web Push).
    const records = (await ctx.fanOut.sendNow(notification._id)).filter((record) => record.channel === 'push');
    if (!records.length) return failed(`${inApp} Aucun envoi vers vos appareils : Firebase Cloud Messaging n’est pas configuré sur ce serveur pour vos jetons FCM.`);
    const devices = records.map((record) => ({
      ...(names.get(record.deviceId) ?? { device: 'Appareil inconnu', service: '—' }),
      status: record.status,
      statusCode: record.statusCode,
      answer: record.answer,
    }));
    const said = devices.map((d) =>
      `${d.device} (${d.service}) : ${d.status === 'sent' ? `reçue par le service (${d.statusCode})` : d.status === 'queued' ? `nouvel essai prévu${d.statusCode ? ` (${d.statusCode})` : ''}` : `refusée${d.statusCode ? ` (${d.statusCode})` : ''}${d.answer ? ` — ${d.answer}` : ''}`}`,
    );
    const message = `${inApp} Sur vos appareils : ${said.join(' ; ')}.`;
    return { ...(devices.every((d) => d.status === 'sent') ? ok(message) : failed(message)), devices };
  },
  async mail(ctx, user) {
    if (!user.email) return failed('Votre compte n’a pas d’adresse e-mail.');
    const status = await sendMail(ctx, {
      to: user.email,
      userId: user._id,
      subject: 'Test d’e-mail Sortie',
      text: 'Cet e-mail a été envoyé depuis /dashboard/test : l’envoi des e-mails marche.',
      html: '<p>Cet e-mail a été envoyé depuis <code>/dashboard/test</code> : l’envoi des e-mails marche.</p>',
      template: 'diagnostic',
    });
    if (status === 'sent') return ok(`E-mail envoyé à ${user.email} par SMTP.`);
    if (status === 'kept') return unconfigured(`SMTP non configuré (SMTP_URL) : l’e-mail à ${user.email} est gardé dans la boîte de /dashboard/mailTemplates.`);
    const [row] = await ctx.db.query<{ error: string | null }>(`SELECT error FROM mails WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`, [user.email]);
    return failed(`Le serveur SMTP a refusé l’e-mail : ${row?.error ?? 'raison inconnue'}.`);
  },
  async socket(ctx, user) {
    if (!ctx.io) return failed('Le serveur temps réel (socket.io) n’est pas démarré.');
    const sockets = await ctx.io.in(`user:${user._id}`).fetchSockets();
    const total = (await ctx.io.fetchSockets()).length;
    if (!sockets.length) return failed(`Aucune de vos connexions n’est ouverte (${total} connexion(s) sur le serveur) : rechargez la page.`);
    ctx.io.to(`user:${user._id}`).emit('diagnostic:ping', { at: ctx.now() });
    return ok(`Ping envoyé à vos ${sockets.length} connexion(s) ouverte(s) (${total} sur le serveur).`);
  },
  async database(ctx) {
    await ctx.db.query('SELECT 1');
    const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    return ok(`Base ${ctx.db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} joignable ; ${row?.n ?? 0} migration(s) appliquée(s).`);
  },
  async jobs(ctx) {
    const runs = await ctx.db.query<{ job: string; outcome: string | null; started_at: Date | string }>(`SELECT job, outcome, started_at FROM job_runs ORDER BY started_at DESC LIMIT 20`);
    if (!runs.length) return ok('Le planificateur tourne ; aucune exécution pour l’instant.');
    const failures = runs.filter((run) => run.outcome === 'failed').length;
    const last = runs[0]!;
    const when = formatNumericDateTime(last.started_at);
    const summary = `Dernière exécution : « ${last.job} » le ${when} (${last.outcome === 'failed' ? 'en échec' : last.outcome ? 'réussie' : 'en cours'}) ; ${failures} échec(s) sur les ${runs.length} dernières.`;
    return failures ? failed(summary) : ok(summary);
  },
  async music(ctx) {
    if (!ctx.config.spotify) return unconfigured('Spotify non configuré (SPOTIFY_CLIENT_ID, SPOTIFY_REDIRECT_URI) : les blind tests utilisent les extraits de démonstration et MusicBrainz, sans clé.');
    return ok(`Spotify configuré (application ${ctx.config.spotify.clientId.slice(0, 6)}…, retour ${ctx.config.spotify.redirectUri}) ; MusicBrainz sans clé.`);
  },
  async stripe(ctx, _user, ports) {
    const { secretKey, apiBase } = ctx.config.stripe;
    if (!secretKey) return unconfigured('Stripe non configuré (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID).');
    const response = await (ports.fetchImpl ?? fetch)(`${(apiBase ?? 'https://api.stripe.com').replace(/\/+$/, '')}/v1/balance`, { headers: { authorization: `Bearer ${secretKey}` }, signal: AbortSignal.timeout(15_000) });
    if (response.status === 401) return failed('Clé Stripe refusée (401).');
    if (!response.ok) return failed(`Stripe a répondu HTTP ${response.status}.`);
    const missing = [ctx.config.stripe.webhookSecret ? null : 'STRIPE_WEBHOOK_SECRET', ctx.config.stripe.priceId ? null : 'STRIPE_PRICE_ID'].filter(Boolean);
    return missing.length ? failed(`Clé Stripe acceptée, mais il manque ${missing.join(', ')}.`) : ok(`Clé Stripe acceptée (${secretKey.startsWith('sk_live_') ? 'mode réel' : 'mode test'}).`);
  },
  async instagram(_ctx, _user, ports) {
    if (!ports.instagram) return unconfigured('Instagram non configuré (INSTAGRAM_ACCESS_TOKEN, INSTAGRAM_USER_ID).');
    const account = await ports.instagram.account();
    return ok(`Jeton accepté : compte Instagram ${account.username ? `@${account.username}` : account.id}.`);
  },
  async brightdata(ctx, _user, ports) {
    if (!ports.brightdata) return unconfigured('Bright Data non configuré (BRIGHTDATA_API_TOKEN, BRIGHTDATA_ZONE).');
    const zones = await ports.brightdata.zones();
    const zone = ctx.config.brightdata.zone ?? '';
    return zones.includes(zone) ? ok(`Jeton accepté ; zone « ${zone} » active.`) : failed(`Jeton accepté, mais la zone « ${zone} » n’est pas active (zones : ${zones.join(', ') || 'aucune'}).`);
  },
};

/** Runs one check: its outcome, its French message and how long it took; an exception is an « erreur » with its message. */
export async function runDiagnostic(ctx: AppContext, user: UserJson, check: DiagnosticCheck, ports: DiagnosticPorts): Promise<DiagnosticResult> {
  const began = performance.now();
  let outcome: Outcome;
  try {
    outcome = await CHECKS[check](ctx, user, ports);
  } catch (error) {
    outcome = failed(`${DIAGNOSTIC_LABELS[check].label} : ${fieldOf(error, 'message')}`);
  }
  return { check, ...outcome, durationMs: Math.max(0, Math.round(performance.now() - began)) };
}
