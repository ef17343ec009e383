import { AppError, ANNOUNCEMENTS_PER_AUTHOR_PER_DAY, ANNOUNCEMENTS_PER_TARGET_PER_DAY, formatNumericDateTime, type Announcement, type AnnouncementTarget } from '@sortie/core/domain';
import type { z } from 'zod';
import type { AnnouncementInputSchema } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { newId } from '../db/store';
import type { Db } from '../db/database';
import { actorOf, recordAudit } from '../audit/audit-log';
import { fanOutMany } from '../jobs/notifications';
import { announcementRecipients, TARGET_TABLES } from './announcement-recipients';

const DAY = 24 * 3600_000;

type Row = {
  id: string;
  target_kind: AnnouncementTarget['kind'];
  target_id: string;
  title: string;
  body: string;
  link: string | null;
  send_at: string | Date;
  sent_at: string | Date | null;
  recipients: number;
  created_by: string | null;
  created_at: string | Date;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function toAnnouncement(row: Row): Announcement {
  return {
    _id: row.id,
    target: { kind: row.target_kind, id: row.target_id },
    title: row.title,
    body: row.body,
    ...(row.link ? { link: row.link } : {}),
    sendAt: iso(row.send_at),
    sentAt: row.sent_at ? iso(row.sent_at) : null,
    status: row.sent_at ? 'sent' : 'scheduled',
    recipients: row.recipients,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.sent_at ?? row.created_at),
  };
}

/** The target's name, or 404 in French: one does not write to a place that is not there. */
async function targetName(ctx: AppContext, target: AnnouncementTarget): Promise<string> {
  const column = target.kind === 'event' ? 'title' : 'name';
  const [row] = await ctx.db.query<{ name: string | null }>(`SELECT data->>'${column}' AS name FROM ${TARGET_TABLES[target.kind]} WHERE id = $1`, [target.id]);
  if (!row) throw notFound(target.kind === 'event' ? 'Événement introuvable.' : target.kind === 'place' ? 'Lieu introuvable.' : 'Organisation introuvable.');
  return row.name ?? '';
}

export async function countRecipients(ctx: AppContext, target: AnnouncementTarget): Promise<number> {
  await targetName(ctx, target);
  return (await announcementRecipients(ctx.db, target)).length;
}

export async function listAnnouncements(ctx: AppContext, target: AnnouncementTarget): Promise<Announcement[]> {
  const rows = await ctx.db.query<Row>('SELECT * FROM announcements WHERE target_kind = $1 AND target_id = $2 ORDER BY created_at DESC LIMIT 50', [target.kind, target.id]);
  return rows.map(toAnnouncement);
}


/**
 * Refuses a 429 in French when `max` announcements matching `where` (its values in `params`, the
 * start of the rolling day numbered after them) were made in the last 24 hours, saying when the
 * next is possible. Counted under an advisory lock on `key`, taken in the caller's transaction:
 * it holds across processes.
 */
async function keepWithinDay(tx: Db, now: number, limit: { key: string; where: string; params: unknown[]; max: number; tooMany: string }): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [limit.key]);
  const [recent] = await tx.query<{ count: number; oldest: string | Date | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest FROM announcements WHERE ${limit.where} AND created_at > $${limit.params.length + 1}`,
    [...limit.params, new Date(now - DAY).toISOString()],
  );
  if (!recent || recent.count < limit.max) return;
  const retry = recent.oldest ? new Date(recent.oldest).getTime() + DAY : now + DAY;
  throw new AppError(`${limit.tooMany} : la prochaine sera possible à partir de ${formatNumericDateTime(retry)}.`, { code: 'RATE_LIMITED', statusCode: 429 });
}

/**
 * Records an announcement (at most ANNOUNCEMENTS_PER_TARGET_PER_DAY per target, and
 * ANNOUNCEMENTS_PER_AUTHOR_PER_DAY per staff member, over a rolling day), then sends it at once
 * unless it is for later.
 */
export async function announce(ctx: AppContext, input: z.output<typeof AnnouncementInputSchema>, author: { _id: string; email: string }): Promise<Announcement> {
  await targetName(ctx, input.target);
  const now = ctx.now();
  const sendAt = input.sendAt ? Math.max(Date.parse(input.sendAt), now) : now;
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    // The target's lock first, then the author's, always in this order: two sends never wait on each other in a cycle.
    await keepWithinDay(tx, now, {
      key: `announcement:${input.target.kind}:${input.target.id}`,
      where: 'target_kind = $1 AND target_id = $2',
      params: [input.target.kind, input.target.id],
      max: ANNOUNCEMENTS_PER_TARGET_PER_DAY,
      tooMany: `Déjà ${ANNOUNCEMENTS_PER_TARGET_PER_DAY} annonces en 24 heures pour ce destinataire`,
    });
    await keepWithinDay(tx, now, {
      key: `announcement-author:${author._id}`,
      where: 'created_by = $1',
      params: [author._id],
      max: ANNOUNCEMENTS_PER_AUTHOR_PER_DAY,
      tooMany: `Vous avez déjà envoyé ${ANNOUNCEMENTS_PER_AUTHOR_PER_DAY} annonces en 24 heures`,
    });
    await tx.query(
      'INSERT INTO announcements (id, target_kind, target_id, title, body, link, send_at, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [id, input.target.kind, input.target.id, input.title, input.body, input.link ?? null, new Date(sendAt).toISOString(), author._id, new Date(now).toISOString()],
    );
    // A staff write like any other: in the audit log, in the same transaction.
    await recordAudit(tx, {
      actor: actorOf(author),
      action: 'announcements.create',
      targetType: 'announcements',
      targetId: id,
      after: { target: input.target, title: input.title, body: input.body, ...(input.link ? { link: input.link } : {}), sendAt: new Date(sendAt).toISOString() },
    });
  });
  if (sendAt <= now) await send(ctx, id);
  const [row] = await ctx.db.query<Row>('SELECT * FROM announcements WHERE id = $1', [id]);
  return toAnnouncement(row!);
}

/**
 * Delivers one announcement to each recipient (a notification, and an e-mail to those who chose
 * it), then marks it sent. Each recipient's notification is keyed by announcement and person:
 * two processes sending it at once, or a send that resumes, never notify anyone twice.
 */
export async function send(ctx: AppContext, id: string): Promise<number> {
  const [row] = await ctx.db.query<Row>('SELECT * FROM announcements WHERE id = $1 AND sent_at IS NULL', [id]);
  if (!row) return 0;
  const target = { kind: row.target_kind, id: row.target_id };
  const recipients = await announcementRecipients(ctx.db, target);
  const link = row.link ?? (target.kind === 'event' ? `/events/${target.id}` : target.kind === 'place' ? `/places/${target.id}` : `/organizations/${target.id}`);
  await fanOutMany(ctx, recipients, { kind: 'announcement', keyOf: (userId) => `announcement:${id}:${userId}`, title: row.title, body: row.body, link });
  await ctx.db.query('UPDATE announcements SET sent_at = $2, recipients = $3 WHERE id = $1 AND sent_at IS NULL', [id, new Date(ctx.now()).toISOString(), recipients.length]);
  return recipients.length;
}

/** The announcements whose time has come (the jobs runner's `announcements` job). */
export async function sendDue(ctx: AppContext, now: Date): Promise<{ sent: number; recipients: number }> {
  const due = await ctx.db.query<{ id: string }>('SELECT id FROM announcements WHERE sent_at IS NULL AND send_at <= $1 ORDER BY send_at LIMIT 100', [now.toISOString()]);
  let recipients = 0;
  for (const { id } of due) recipients += await send(ctx, id);
  return { sent: due.length, recipients };
}
