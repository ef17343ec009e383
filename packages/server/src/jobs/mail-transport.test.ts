import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keptTransport, mailTransportOf } from './mail-transport';

const reset = 'http://localhost:3000/account/reset?token=Qk3nX0p1Yv9sT2uW8zA4bC6dE7fG5hJ1kL0mN2oP3qR';
const mail = {
  to: 'lea@exemple.fr',
  subject: 'Choisissez un nouveau mot de passe',
  text: `Bonjour Léa,\n\nChoisir un nouveau mot de passe : ${reset}\n`,
  html: `<p><a href="${reset}">Choisir un nouveau mot de passe</a></p>`,
  secrets: [reset],
};

describe('mails without SMTP: kept whole for whoever runs the server', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sortie-mails-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes each mail whole, link included, as a .eml file of SORTIE_MAIL_DIR that a mail client opens', async () => {
    const transport = mailTransportOf({ SORTIE_MAIL_DIR: folder } as NodeJS.ProcessEnv);
    expect(await transport.deliver(mail)).toBe('kept');
    expect(await transport.deliver({ ...mail, to: 'ugo@exemple.fr', subject: 'Rappel : Jazz à 20 h', secrets: [] })).toBe('kept');
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    const first = readFileSync(join(folder, files[0]!), 'utf8');
    expect(first).toContain('\nTo: lea@exemple.fr\n');
    expect(first).toContain('\nSubject: Choisissez un nouveau mot de passe\n');
    expect(first).toContain('Content-Type: text/plain; charset=utf-8');
    expect(first.endsWith(`\n\n${mail.text}`)).toBe(true);
    // A subject beyond ASCII in RFC 2047, as mail clients read it.
    expect(readFileSync(join(folder, files[1]!), 'utf8')).toContain(`\nSubject: =?UTF-8?B?${Buffer.from('Rappel : Jazz à 20 h').toString('base64')}?=\n`);
  });

  it('without a folder, prints the personal links of a mail that carries some on the console, and nothing for the others', async () => {
    const lines: string[] = [];
    const transport = keptTransport({ folder: null, print: (line) => lines.push(line) });
    await transport.deliver(mail);
    await transport.deliver({ ...mail, subject: 'Rappel : Jazz', secrets: [] });
    expect(lines).toEqual([`E-mail gardé (pas de SMTP) pour lea@exemple.fr, « Choisissez un nouveau mot de passe » : ${reset}`]);
  });

  it('in production without SMTP, writes no personal link on the console, and says the mail did not leave', async () => {
    const lines: string[] = [];
    const transport = keptTransport({ folder: null, print: (line) => lines.push(line), revealLinks: false });
    await transport.deliver(mail);
    expect(lines).toEqual(['E-mail non envoyé (SMTP_URL n’est pas configuré) pour lea@exemple.fr, « Choisissez un nouveau mot de passe » : son lien personnel n’est écrit nulle part.']);
    expect(lines.join('\n')).not.toContain('token=');
  });
});

