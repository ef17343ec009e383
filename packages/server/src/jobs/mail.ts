import { createHmac, timingSafeEqual } from 'node:crypto';
import nodemailer from 'nodemailer';
import { BUILT_IN_MAILS, NOTIFICATION_KIND_LABELS, NotificationKindSchema, renderTemplate, type BuiltInMailKey, type NotificationKind } from '@sortie/core';
import type { AppContext } from '../http/context';
import { newId } from '../db/store';

/**
 * E-mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise kept in the `mails` table,
 * which /dashboard/mailTemplates shows as a mailbox, so that a newcomer sees what would have gone out.
 */
export interface OutgoingMail {
  to: string;
  userId?: string | null;
  subject: string;
  html: string;
  text: string;
  template?: string | null;
}

let transport: nodemailer.Transporter | null = null;
function smtp(): nodemailer.Transporter | null {
  const url = process.env.SMTP_URL;
  if (!url) return null;
  transport ??= nodemailer.createTransport(url);
  return transport;
}

export async function sendMail(ctx: AppContext, mail: OutgoingMail): Promise<'kept' | 'sent' | 'failed'> {
  const transporter = smtp();
  let status: 'kept' | 'sent' | 'failed' = 'kept';
  let error: string | null = null;
  if (transporter) {
    try {
      await transporter.sendMail({ from: process.env.MAIL_FROM || 'Sortie <no-reply@sortie.local>', to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      status = 'sent';
    } catch (caught) {
      status = 'failed';
      error = caught instanceof Error ? caught.message : String(caught);
    }
  }
  await ctx.db.query('INSERT INTO mails (id, "to", user_id, subject, html, text, template, status, error, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
    newId(), mail.to, mail.userId ?? null, mail.subject, mail.html, mail.text, mail.template ?? null, status, error, new Date(ctx.now()).toISOString(),
  ]);
  return status;
}

// --- The one-click unsubscribe link: a signed token naming the user and the kind. ---

async function secret(ctx: AppContext): Promise<string> {
  if (ctx.config.secret) return ctx.config.secret;
  const [row] = await ctx.db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'token_secret'`);
  return row?.value ?? 'sortie';
}
const sign = (key: string, payload: string) => createHmac('sha256', `unsubscribe:${key}`).update(payload).digest('base64url');

export async function unsubscribeToken(ctx: AppContext, userId: string, kind: NotificationKind): Promise<string> {
  const payload = `${userId}.${kind}`;
  return `${payload}.${sign(await secret(ctx), payload)}`;
}

/** The user and kind of a token this server signed; null for anything else (a forged or altered one). */
export async function readUnsubscribeToken(ctx: AppContext, token: string): Promise<{ userId: string; kind: NotificationKind } | null> {
  const [userId, kind, signature, ...rest] = token.split('.');
  if (!userId || !kind || !signature || rest.length) return null;
  const expected = Buffer.from(sign(await secret(ctx), `${userId}.${kind}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const parsed = NotificationKindSchema.safeParse(kind);
  return parsed.success ? { userId, kind: parsed.data } : null;
}

// --- Rendering from the mail templates of /dashboard/mailTemplates. ---

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The site's address in mails: the configured public URL, else this server's. */
export function siteUrl(ctx: AppContext): string {
  return (ctx.config.publicUrl ?? (process.env.SORTIE_PUBLIC_URL || `http://localhost:${process.env.PORT ?? 3000}`)).replace(/\/$/, '');
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;
/** « Texte : https://… » alone in its paragraph: a link titled « Texte ». */
const TITLED_LINK = /^([^\n:]{1,80}?) : (https?:\/\/\S+)$/;

/** A rendered body as HTML: one paragraph per blank-line block, a « Texte : adresse » paragraph as a link, other addresses linked as they are. */
function htmlOf(body: string, footer = ''): string {
  const paragraphs = body.split(/\n{2,}/).map((paragraph) => {
    const titled = TITLED_LINK.exec(paragraph.trim());
    if (titled) return `<p><a href="${escapeHtml(titled[2]!)}">${escapeHtml(titled[1]!)}</a></p>`;
    return `<p>${escapeHtml(paragraph).replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, '<br>')}</p>`;
  });
  return `<!doctype html><html lang="fr"><body style="font-family:sans-serif">${paragraphs.join('')}${footer}</body></html>`;
}

/**
 * One of core's BUILT_IN_MAILS, in the words of the staff's template of the same name when there
 * is one (its subject and body), else in Sortie's own; {{variables}} filled in.
 */
export async function renderBuiltInMail(ctx: AppContext, key: BuiltInMailKey, variables: Record<string, string>): Promise<{ subject: string; body: string; template: string }> {
  const builtIn = BUILT_IN_MAILS[key];
  const [template] = await ctx.db.query<{ subject: string; body: string }>(`SELECT data->>'subject' AS subject, data->>'body' AS body FROM mail_templates WHERE lower(name) = lower($1) LIMIT 1`, [builtIn.name]);
  return {
    subject: renderTemplate(template?.subject || builtIn.subject, variables),
    body: renderTemplate(template?.body || builtIn.body, variables),
    template: builtIn.name,
  };
}

/** A built-in mail ready for sendMail: its text and HTML versions. */
export async function builtInMail(ctx: AppContext, key: BuiltInMailKey, to: { email: string; userId: string | null }, variables: Record<string, string>): Promise<OutgoingMail> {
  const { subject, body, template } = await renderBuiltInMail(ctx, key, variables);
  return { to: to.email, userId: to.userId, subject, text: `${body}\n`, html: htmlOf(body), template };
}

/** The mail of one notification, rendered from the template named after its kind (or the built-in one), with its unsubscribe link. */
export async function renderNotificationMail(
  ctx: AppContext,
  input: { userId: string; name: string; kind: NotificationKind; title: string; body: string; link: string },
): Promise<{ subject: string; html: string; text: string; template: string }> {
  const link = input.link.startsWith('http') ? input.link : `${siteUrl(ctx)}${input.link}`;
  const unsubscribe = `${siteUrl(ctx)}/api/mail/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(ctx, input.userId, input.kind))}`;
  const { subject, body, template } = await renderBuiltInMail(ctx, input.kind, { name: input.name, title: input.title, message: input.body, link });
  const footer = `Vous recevez ce message car vous avez choisi de recevoir ${NOTIFICATION_KIND_LABELS[input.kind].inMail} par e-mail.`;
  const text = `${body}\n\n--\n${footer}\nSe désabonner en un clic : ${unsubscribe}\n`;
  const html = htmlOf(body, `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe)}">Se désabonner en un clic</a></p>`);
  return { subject, html, text, template };
}
