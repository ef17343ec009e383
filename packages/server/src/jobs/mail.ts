import { createHmac, timingSafeEqual } from 'node:crypto';
import { BUILT_IN_MAILS, MASKED_LINK_TEXT, NOTIFICATION_KIND_LABELS, NotificationKindSchema, renderTemplate, type BuiltInMail, type BuiltInMailKey, type NotificationKind } from '@sortie/core';
import type { AppContext } from '../http/context';
import { newId } from '../db/store';

/**
 * E-mail: it leaves through the app's MailTransport (SMTP when SMTP_URL is set; otherwise it is
 * kept on this machine, see mail-transport.ts), and a copy goes to the `mails` table, the mail
 * log that admins read on /dashboard/mailTemplates. The copy never holds a personal link: a
 * one-time link or an unsubscribe link is replaced by MASKED_LINK_TEXT (issue 30: a staff
 * member who read a reset link there could take over its account).
 */
export interface OutgoingMail {
  to: string;
  userId?: string | null;
  subject: string;
  html: string;
  text: string;
  template?: string | null;
  /** The personal links the mail carries, masked in the mail log (BUILT_IN_MAILS' `secrets`, the unsubscribe link). */
  secrets?: readonly string[];
}

/** Any address with a `token=` or `confirmation=` parameter: how a personal link looks, masked even when nobody named it. */
const PERSONAL_LINK = /https?:\/\/[^\s<>"']*[?&;](?:token|confirmation)=[^\s<>"']*/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of a mail as the mail log keeps it: each secret, and anything shaped like a personal link, replaced by MASKED_LINK_TEXT. */
export function maskPersonalLinks(text: string, secrets: readonly string[] = []): string {
  let masked = text;
  for (const secret of secrets) if (secret) masked = masked.split(secret).join(MASKED_LINK_TEXT);
  return masked.replace(PERSONAL_LINK, MASKED_LINK_TEXT);
}

/** The HTML of a mail as the mail log keeps it: a link to a secret becomes « its words : [lien personnel masqué] », unlinked. */
export function maskPersonalLinksInHtml(html: string, secrets: readonly string[] = []): string {
  const hrefs = [...secrets.filter(Boolean).flatMap((secret) => [escapeRegExp(escapeHtml(secret)), escapeRegExp(secret)]), PERSONAL_LINK.source];
  const anchor = new RegExp(`<a href="(${hrefs.join('|')})">([^<]*)</a>`, 'g');
  const unlinked = html.replace(anchor, (_whole, href: string, words: string) => (words === href ? MASKED_LINK_TEXT : `${words} : ${MASKED_LINK_TEXT}`));
  return maskPersonalLinks(unlinked, secrets.flatMap((secret) => [secret, escapeHtml(secret)]));
}

/** Sends a mail through the app's transport, whole, and keeps it in the mail log with its personal links masked. */
export async function sendMail(ctx: AppContext, mail: OutgoingMail): Promise<'kept' | 'sent' | 'failed'> {
  const secrets = mail.secrets ?? [];
  let status: 'kept' | 'sent' | 'failed';
  let error: string | null = null;
  try {
    status = await ctx.mailer.deliver({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, secrets });
  } catch (caught) {
    status = 'failed';
    error = maskPersonalLinks(caught instanceof Error ? caught.message : String(caught), secrets);
  }
  await ctx.db.query('INSERT INTO mails (id, "to", user_id, subject, html, text, template, status, error, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
    newId(),
    mail.to,
    mail.userId ?? null,
    maskPersonalLinks(mail.subject, secrets),
    maskPersonalLinksInHtml(mail.html, secrets),
    maskPersonalLinks(mail.text, secrets),
    mail.template ?? null,
    status,
    error,
    new Date(ctx.now()).toISOString(),
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
  const builtIn: BuiltInMail = BUILT_IN_MAILS[key];
  const secrets = (builtIn.secrets ?? []).map((name) => variables[name] ?? '').filter(Boolean);
  return { to: to.email, userId: to.userId, subject, text: `${body}\n`, html: htmlOf(body), template, secrets };
}

/** The mail of one notification, rendered from the template named after its kind (or the built-in one), with its unsubscribe link. */
export async function renderNotificationMail(
  ctx: AppContext,
  input: { userId: string; name: string; kind: NotificationKind; title: string; body: string; link: string },
): Promise<{ subject: string; html: string; text: string; template: string; secrets: string[] }> {
  const link = input.link.startsWith('http') ? input.link : `${siteUrl(ctx)}${input.link}`;
  const unsubscribe = `${siteUrl(ctx)}/api/mail/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(ctx, input.userId, input.kind))}`;
  const { subject, body, template } = await renderBuiltInMail(ctx, input.kind, { name: input.name, title: input.title, message: input.body, link });
  const footer = `Vous recevez ce message car vous avez choisi de recevoir ${NOTIFICATION_KIND_LABELS[input.kind].inMail} par e-mail.`;
  const text = `${body}\n\n--\n${footer}\nSe désabonner en un clic : ${unsubscribe}\n`;
  const html = htmlOf(body, `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe)}">Se désabonner en un clic</a></p>`);
  // The unsubscribe link acts for its recipient without a session: masked in the mail log.
  return { subject, html, text, template, secrets: [unsubscribe] };
}
