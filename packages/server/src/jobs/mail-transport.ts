import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';

/** A mail as it leaves for its recipient: whole, its personal links included. */
export interface LeavingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The personal links it carries (one-time links, unsubscribe links), which the mail log masks. */
  secrets: readonly string[];
}

/**
 * How mails reach their recipients. SMTP when SMTP_URL is set; otherwise nothing leaves the
 * machine and the mail is « kept »: written whole for whoever runs the server (the console, or
 * SORTIE_MAIL_DIR), since the dashboard's mail log masks the personal links. Tests hand their own.
 */
export interface MailTransport {
  /** 'sent' once the SMTP server took it, 'kept' when it stayed on this machine; throws when it could not leave. */
  deliver(mail: LeavingMail): Promise<'sent' | 'kept'>;
}

const DEFAULT_FROM = 'Sortie <no-reply@sortie.local>';

export function smtpTransport(url: string, from = DEFAULT_FROM): MailTransport {
  let transport: nodemailer.Transporter | null = null;
  return {
    async deliver(mail) {
      transport ??= nodemailer.createTransport(url);
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      return 'sent';
    },
  };
}

/** A header value in RFC 2047 when it is not plain ASCII (« Réinitialisation », « Connexions suspendues »). */
const headerText = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);

/** The mail as a file a mail client opens (.eml): its text version, in UTF-8. */
export function emlOf(mail: LeavingMail, at: Date, from = DEFAULT_FROM): string {
  return [
    `From: ${headerText(from)}`,
    `To: ${mail.to}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${at.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text,
  ].join('\n');
}

/**
 * Without SMTP: each mail is written whole, as a .eml file, into `folder` when one is given
 * (SORTIE_MAIL_DIR); otherwise the personal links of a mail that carries some are printed on the
 * server's console (the rest of every mail is in the dashboard's mail log), for the developer of
 * a demo. In production (`revealLinks` false) they are not: a console ends up in shared logs, and
 * a one-time link is its recipient's alone; the line says the mail did not leave.
 */
export function keptTransport(options: { folder: string | null; now?: () => number; print?: (line: string) => void; from?: string; revealLinks?: boolean }): MailTransport {
  const now = options.now ?? Date.now;
  const print = options.print ?? ((line: string) => console.log(line));
  let sequence = 0;
  return {
    async deliver(mail) {
      if (options.folder) {
        mkdirSync(options.folder, { recursive: true });
        const at = new Date(now());
        sequence += 1;
        const name = `${at.toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(sequence).padStart(4, '0')}.eml`;
        writeFileSync(join(options.folder, name), emlOf(mail, at, options.from), { mode: 0o600 });
      } else if (mail.secrets.length && options.revealLinks !== false) {
        print(`E-mail gardé (pas de SMTP) pour ${mail.to}, « ${mail.subject} » : ${mail.secrets.join(' ')}`);
      } else if (mail.secrets.length) {
        print(`E-mail non envoyé (SMTP_URL n’est pas configuré) pour ${mail.to}, « ${mail.subject} » : son lien personnel n’est écrit nulle part.`);
      }
      return 'kept';
    },
  };
}

/** The transport of the environment: SMTP_URL (and MAIL_FROM), else kept on this machine (SORTIE_MAIL_DIR, else the console). */
export function mailTransportOf(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): MailTransport {
  const from = env.MAIL_FROM || DEFAULT_FROM;
  if (env.SMTP_URL) return smtpTransport(env.SMTP_URL, from);
  return keptTransport({ folder: env.SORTIE_MAIL_DIR ? resolve(cwd, env.SORTIE_MAIL_DIR) : null, from, revealLinks: env.NODE_ENV !== 'production' });
}

/** A transport that keeps what leaves in `outbox` (tests: the recipient's mailbox). */
export function memoryTransport(outbox: LeavingMail[]): MailTransport {
  return {
    async deliver(mail) {
      outbox.push({ ...mail, secrets: [...mail.secrets] });
      return 'kept';
    },
  };
}
