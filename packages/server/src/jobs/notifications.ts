import { formatDateTime, formatTime, NotificationPreferencesSchema, SOCKET_EVENTS, type NotificationKind } from '@sortie/core';
import { newId, type Json } from '../db/store';
import { pushBody, type ClaimedDelivery, type DeliveryOutcome } from './fan-out';
import type { AppContext } from '../http/context';
import { renderNotificationMail, sendMail } from './mail';
import type { JobRun } from './runner';
import type { JobCounts } from './jobs';

const HOUR = 3600_000;
const DAY = 24 * HOUR;


/** A notification to make: its person, its text and link, its kind (whose preferences apply) and its key (made once). */
export interface NotificationInput {
  userId: string;
  title: string;
  body?: string;
  link?: string;
  icon?: string;
  /** The kind of the person's preferences (in the app, on their phones, by e-mail); none: in the app and on their phones. */
  kind?: NotificationKind | null;
  /** Made once per key (user, kind and target): a second call does nothing. */
  key?: string;
}

export interface FanOutResult {
  created: boolean;
  /** The notification's row in the app, when the person keeps its kind there. */
  notification: Json | null;
  notified: boolean;
  /** Push devices queued. */
  pushed: number;
  mailed: boolean;
}

/**
 * Every notification the server makes goes through here (issue 33): once per `key`, it is
 * written in the app if the person keeps that kind there (and shown on their open tabs), and its
 * deliveries to their phones and e-mail are queued, as their preferences say, in the same
 * transaction; the fan-out (fan-out.ts) sends them at once in the background, retried and durable.
 */
export async function fanOut(ctx: AppContext, input: NotificationInput): Promise<FanOutResult> {
  const body = input.body ?? '';
  const result = await ctx.db.transaction(async (tx): Promise<FanOutResult> => {
    if (input.key) {
      const [fresh] = await tx.query('INSERT INTO notification_keys (key, created_at) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key', [input.key, new Date(ctx.now()).toISOString()]);
      if (!fresh) return { created: false, notification: null, notified: false, pushed: 0, mailed: false };
    }
    let channels = { inApp: true, push: true, email: false };
    if (input.kind) {
      const [user] = await tx.query<{ email: string | null; data: Record<string, unknown> }>('SELECT email, data FROM users WHERE id = $1', [input.userId]);
      if (!user) return { created: true, notification: null, notified: false, pushed: 0, mailed: false };
      const preferences = NotificationPreferencesSchema.parse(user.data.notificationPreferences ?? {})[input.kind];
      channels = { ...preferences, email: preferences.email && Boolean(user.email) };
    }
    const notification = channels.inApp
      ? await ctx.store.insert('notifications', { body, title: input.title, userId: input.userId, ...(input.link ? { link: input.link } : {}), ...(input.icon ? { icon: input.icon } : {}), readAt: null }, { extra: {}, db: tx })
      : null;
    const queued = await ctx.fanOut.enqueue(
      {
        notificationId: notification?._id ?? input.key ?? newId(),
        userId: input.userId,
        message: { kind: input.kind ?? null, title: input.title, body, link: input.link ?? null, icon: input.icon ?? null },
        app: channels.inApp,
        push: channels.push,
        email: channels.email,
      },
      tx,
    );
    return { created: true, notification, notified: channels.inApp, pushed: queued.push, mailed: queued.email };
  });
  if (result.notification) ctx.io?.to(`user:${input.userId}`).emit(SOCKET_EVENTS.push, { data: { id: result.notification._id }, notification: { title: input.title, body } });
  if (result.pushed || result.mailed) ctx.fanOut.kick();
  return result;
}

/** Recipients handled per round of fanOutMany: its queries stay small and the event loop free between them. */
const MANY_CHUNK = 250;

/**
 * The same notification of one kind for many people at once (an announcement to a place's
 * followers): fanOut's rules, the same rows, written a chunk of recipients at a time in a few
 * set-based statements instead of a transaction per person. `keyOf` names each person's key (made
 * once). Answers how many were newly notified.
 */
export async function fanOutMany(
  ctx: AppContext,
  userIds: readonly string[],
  input: { kind: NotificationKind; keyOf: (userId: string) => string; title: string; body: string; link: string },
): Promise<number> {
  let created = 0;
  const message = JSON.stringify({ kind: input.kind, title: input.title, body: pushBody(input.body), link: input.link, icon: null });
  const notificationData = (userId: string) => JSON.stringify({ body: input.body, title: input.title, userId, link: input.link, readAt: null });
  for (let start = 0; start < userIds.length; start += MANY_CHUNK) {
    const chunk = userIds.slice(start, start + MANY_CHUNK);
    const made = await ctx.db.transaction(async (tx) => {
      const now = new Date(ctx.now()).toISOString();
      const fresh = await tx.query<{ key: string }>(
        'INSERT INTO notification_keys (key, created_at) SELECT k, $2 FROM unnest($1::text[]) AS k ON CONFLICT (key) DO NOTHING RETURNING key',
        [chunk.map(input.keyOf), now],
      );
      const freshKeys = new Set(fresh.map((row) => row.key));
      const users = await tx.query<{ id: string; email: string | null; preferences: unknown }>(
        `SELECT id, email, data->'notificationPreferences' AS preferences FROM users WHERE id = ANY($1::text[])`,
        [chunk.filter((userId) => freshKeys.has(input.keyOf(userId)))],
      );
      const rows = users.map((user) => {
        const preferences = NotificationPreferencesSchema.parse(user.preferences ?? {})[input.kind];
        return {
          user_id: user.id,
          notification_id: preferences.inApp ? newId() : input.keyOf(user.id),
          app: preferences.inApp,
          push: preferences.push,
          email: preferences.email && Boolean(user.email),
          data: preferences.inApp ? notificationData(user.id) : null,
        };
      });
      if (!rows.length) return [];
      const recordset = JSON.stringify(rows);
      await tx.query(
        `INSERT INTO notifications (id, data, user_id, read_at, created_at, updated_at)
         SELECT r.notification_id, r.data::jsonb, r.user_id, NULL, $2, $2 FROM jsonb_to_recordset($1::jsonb) AS r(notification_id text, user_id text, app boolean, data text) WHERE r.app`,
        [recordset, now],
      );
      await ctx.fanOut.enqueueMany(recordset, message, tx);
      return rows;
    });
    created += made.length;
    for (const row of made) if (row.app) ctx.io?.to(`user:${row.user_id}`).emit(SOCKET_EVENTS.push, { data: { id: row.notification_id }, notification: { title: input.title, body: input.body } });
    if (made.some((row) => row.push || row.email)) ctx.fanOut.kick();
  }
  return created;
}

/** A notification of a kind the person chose how to receive, made once per key (the jobs, the announcements). */
export async function deliver(
  ctx: AppContext,
  input: { userId: string; kind: NotificationKind; key: string; title: string; body: string; link: string },
): Promise<{ created: boolean; notified: boolean; mailed: boolean }> {
  const { created, notified, mailed } = await fanOut(ctx, input);
  return { created, notified, mailed };
}

/** The e-mail of a delivery, rendered now with the person's current name and address. */
export async function mailDelivery(ctx: AppContext, delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
  const [user] = await ctx.db.query<{ email: string | null; data: Record<string, unknown> }>('SELECT email, data FROM users WHERE id = $1', [delivery.userId]);
  if (!user?.email || !delivery.message.kind) return { status: 'failed', statusCode: null, message: 'Plus d’adresse e-mail pour ce compte.', retryAfterMs: null };
  const name = typeof user.data.displayName === 'string' ? user.data.displayName : user.email;
  const { kind, title, body, link } = delivery.message;
  const mail = await renderNotificationMail(ctx, { userId: delivery.userId, name, kind, title, body, link: link ?? '/' });
  const status = await sendMail(ctx, { to: user.email, userId: delivery.userId, ...mail });
  if (status !== 'failed') return { status: 'sent', statusCode: 250 };
  const [row] = await ctx.db.query<{ error: string | null }>('SELECT error FROM mails WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1', [user.email]);
  return { status: 'failed', statusCode: null, message: `Le serveur SMTP a refusé l’e-mail : ${row?.error ?? 'raison inconnue'}.`, retryAfterMs: null };
}

/** « Blind test : … » and what to do: join now when the game is open, else when it starts. */
export function blindTestSoonText(blindTest: { id: string; title: string; place: string; starts_at: string | null; join_code: string | null; open: boolean }): { title: string; body: string; link: string } {
  const link = blindTest.join_code ? `/j/${blindTest.join_code}` : `/blindTests/${blindTest.id}`;
  if (blindTest.open) {
    return { title: `Blind test : ${blindTest.title}`, body: `La partie est ouverte chez ${blindTest.place} : rejoignez-la depuis votre téléphone.`, link };
  }
  const time = blindTest.starts_at ? ` à ${formatTime(new Date(blindTest.starts_at))}` : '';
  return { title: `Blind test ce soir : ${blindTest.title}`, body: `Le blind test commence bientôt chez ${blindTest.place}${time}. Venez jouer !`, link };
}

function add(counts: JobCounts, outcome: { created: boolean; notified: boolean; mailed: boolean }, name: string): void {
  if (!outcome.created) return;
  counts[name] = (counts[name] ?? 0) + 1;
  if (outcome.notified) counts.pushed = (counts.pushed ?? 0) + 1;
  if (outcome.mailed) counts.mailed = (counts.mailed ?? 0) + 1;
}

/**
 * The notifications job: reminders the day before (24 h to 1 h ahead) and the hour before an event
 * a visitor liked; the followers of a place, organisation or artist when one of its future events is
 * published; the entrants of a raffle once it closes (its draw). Every one is created once.
 */
export async function runNotifications(ctx: AppContext, { now }: JobRun): Promise<JobCounts> {
  const counts: JobCounts = { reminders: 0, followers: 0, raffleDraws: 0, blindTests: 0 };
  const at = now.getTime();

  const liked = await ctx.db.query<{ user_id: string; id: string; title: string; starts_at: string }>(
    `SELECT l.user_id, e.id, e.title, e.starts_at FROM likes l JOIN events e ON e.id = l.event_id
     WHERE e.status = 'published' AND e.starts_at > $1 AND e.starts_at <= $2 ORDER BY e.starts_at, l.user_id`,
    [new Date(at).toISOString(), new Date(at + DAY).toISOString()],
  );
  for (const row of liked) {
    const starts = new Date(row.starts_at);
    const soon = starts.getTime() - at <= HOUR;
    const outcome = await deliver(ctx, {
      userId: row.user_id,
      kind: 'reminder',
      key: `reminder-${soon ? 'hour' : 'day'}:${row.user_id}:${row.id}`,
      title: soon ? `Dans moins d’une heure : ${row.title}` : `Demain : ${row.title}`,
      body: `${row.title} commence ${formatDateTime(starts)}.`,
      link: `/events/${row.id}`,
    });
    add(counts, outcome, 'reminders');
  }

  // Published events still to come, written in the last two days, and who follows their place,
  // organisation or artists.
  const followed = await ctx.db.query<{ user_id: string; id: string; title: string; starts_at: string; via: string }>(
    `SELECT DISTINCT ON (f.user_id, e.id) f.user_id, e.id, e.title, e.starts_at, COALESCE(p.name, o.name, a.name, '') AS via
     FROM events e
     JOIN follows f ON (f.target_kind = 'place' AND f.target_id = e.place_id)
       OR (f.target_kind = 'organization' AND f.target_id = e.organization_id)
       OR (f.target_kind = 'artist' AND e.data->'artistIds' ? f.target_id)
     LEFT JOIN places p ON f.target_kind = 'place' AND p.id = f.target_id
     LEFT JOIN organizations o ON f.target_kind = 'organization' AND o.id = f.target_id
     LEFT JOIN artists a ON f.target_kind = 'artist' AND a.id = f.target_id
     WHERE e.status = 'published' AND e.starts_at > $1 AND e.updated_at > now() - interval '2 days'
     ORDER BY f.user_id, e.id`,
    [new Date(at).toISOString()],
  );
  for (const row of followed) {
    const outcome = await deliver(ctx, {
      userId: row.user_id,
      kind: 'followedEvent',
      key: `followed-event:${row.user_id}:${row.id}`,
      title: row.via ? `Nouveau chez ${row.via} : ${row.title}` : `Nouvel événement : ${row.title}`,
      body: `${row.title}, ${formatDateTime(row.starts_at)}.`,
      link: `/events/${row.id}`,
    });
    add(counts, outcome, 'followers');
  }

  // The raffles closed in the last two days: each entrant with an account hears of the draw.
  const raffles = await ctx.db.query<{ user_id: string; id: string; title: string }>(
    `SELECT DISTINCT u.id AS user_id, r.id, r.title FROM raffles r
     JOIN raffle_entries x ON x.raffle_id = r.id AND x.confirmed_at IS NOT NULL
     JOIN users u ON u.id = x.entrant OR lower(u.email) = lower(x.data->>'email')
     WHERE r.status <> 'draft' AND (r.data->>'closesAt')::timestamptz <= $1 AND (r.data->>'closesAt')::timestamptz > $2
     ORDER BY r.id, u.id`,
    [new Date(at).toISOString(), new Date(at - 2 * DAY).toISOString()],
  );
  for (const row of raffles) {
    const outcome = await deliver(ctx, {
      userId: row.user_id,
      kind: 'raffleDraw',
      key: `raffle-draw:${row.user_id}:${row.id}`,
      title: `Tirage : ${row.title}`,
      body: `La tombola « ${row.title} » est close : le tirage a lieu, découvrez le résultat et sa preuve.`,
      link: `/raffles/${row.id}`,
    });
    add(counts, outcome, 'raffleDraws');
  }
  // Blind tests about to start at a place a visitor follows (the blind test's own place, else its
  // event's): its game open in the lobby (the host opened it: phones can join now), or its evening
  // starting within the hour. Once per visitor and blind test, whichever comes first.
  const blindTests = await ctx.db.query<{ user_id: string; id: string; title: string; place: string; starts_at: string | null; join_code: string | null; open: boolean }>(
    `SELECT DISTINCT ON (f.user_id, b.id) f.user_id, b.id, b.title, p.name AS place, e.starts_at,
            CASE WHEN b.status = 'live' THEN b.data->>'joinCode' END AS join_code,
            (b.status = 'live' AND b.data->'game'->>'status' = 'lobby') AS open
     FROM blind_tests b
     LEFT JOIN events e ON e.id = b.event_id
     JOIN places p ON p.id = COALESCE(b.place_id, e.place_id)
     JOIN follows f ON f.target_kind = 'place' AND f.target_id = p.id
     WHERE b.status <> 'finished'
       AND ((b.status = 'live' AND b.data->'game'->>'status' = 'lobby')
         OR (e.status = 'published' AND e.starts_at > $1 AND e.starts_at <= $2))
     ORDER BY f.user_id, b.id`,
    [new Date(at).toISOString(), new Date(at + HOUR).toISOString()],
  );
  for (const row of blindTests) {
    const outcome = await deliver(ctx, {
      userId: row.user_id,
      kind: 'blindTestSoon',
      key: `blind-test-soon:${row.user_id}:${row.id}`,
      ...blindTestSoonText(row),
    });
    add(counts, outcome, 'blindTests');
  }
  // What was queued leaves within the run (the e-mails and pushes of these notifications).
  await ctx.fanOut.drain();
  return counts;
}
