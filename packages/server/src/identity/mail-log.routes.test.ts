import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_LINK_TEXT } from '@sortie/core';
import { newId } from '../db/store';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { SERVER_PATHS } from '../runtime-paths';
import { signIn, testApp } from '../testing/test-app';
import { identityMailsSettled } from './identity';

const HOUR = 3600_000;
/** Whatever a personal link leaves in a text: its parameter, or the token itself. */
const PERSONAL = /(token|confirmation)=/;

describe('the mail log never shows a personal link, and is the admins’ (issue 30)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let admin: string;
  let staffReadKey: string;
  const clock = Date.now();
  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    const key = await t.app.inject({ method: 'POST', url: '/api/me/apiKeys', headers: { cookie: staff }, payload: { name: 'Lecture seule', scopes: ['read'] } });
    expect(key.statusCode, key.body).toBe(201);
    staffReadKey = key.json().key as string;
  });
  afterAll(() => t.close());

  const mailLog = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/dashboard/mails?limit=100', headers });
  /** The newest reset link that reached `to`, as its owner would click it. */
  const resetLinkOf = async (to: string) => {
    await identityMailsSettled();
    const mail = t.outbox.filter((m) => m.to === to && m.text.includes('/account/reset?token=')).at(-1);
    return /https?:\/\/\S+\/account\/reset\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? null;
  };

  it('a staff member who asks a reset for the admin finds no link: the mail log answers 403, to a read-scoped staff key too', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/identity/passwordReset', payload: { email: DEMO_ACCOUNTS.admin.email } })).statusCode).toBe(202);
    const token = await resetLinkOf(DEMO_ACCOUNTS.admin.email);
    expect(token).not.toBeNull();

    const byStaff = await mailLog({ cookie: staff });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().message).toBe('Réservé aux administrateurs.');
    const byKey = await mailLog({ authorization: `Bearer ${staffReadKey}` });
    expect(byKey.statusCode).toBe(403);
    expect((await mailLog({})).statusCode).toBe(401);
    for (const answer of [byStaff, byKey]) {
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toMatch(PERSONAL);
    }
  });

  it('an admin sees the reset mail with « [lien personnel masqué] » and no token', async () => {
    const token = (await resetLinkOf(DEMO_ACCOUNTS.admin.email))!;
    const answer = await mailLog({ cookie: admin });
    expect(answer.statusCode).toBe(200);
    const mail = (answer.json().items as Array<{ to: string; subject: string; text: string; html: string; template: string }>).find((m) => m.to === DEMO_ACCOUNTS.admin.email && m.template === 'Réinitialisation du mot de passe');
    expect(mail?.subject).toBe('Choisissez un nouveau mot de passe');
    expect(mail!.text).toContain(`Choisir un nouveau mot de passe : ${MASKED_LINK_TEXT}\n`);
    expect(mail!.html).toContain(`<p>Choisir un nouveau mot de passe : ${MASKED_LINK_TEXT}</p>`);
    expect(answer.body).not.toContain(token);
    expect(answer.body).not.toMatch(PERSONAL);
  });

  it('the reset link still reaches its recipient whole, and sets the password', async () => {
    const token = (await resetLinkOf(DEMO_ACCOUNTS.admin.email))!;
    const done = await t.app.inject({ method: 'POST', url: '/api/identity/passwordReset/confirm', payload: { token, password: 'un-nouveau-mot-de-passe' } });
    expect(done.statusCode, done.body).toBe(200);
    const signInWith = (password: string) => t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email: DEMO_ACCOUNTS.admin.email, password } });
    expect((await signInWith('sortie-demo')).statusCode).toBe(401);
    expect((await signInWith('un-nouveau-mot-de-passe')).statusCode).toBe(200);
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email, 'un-nouveau-mot-de-passe');
  });

  it('masks every personal link: address confirmation, change of address, raffle entry, and a staff template that puts the link in its subject', async () => {
    // A staff template that shows the link twice, in its subject and its body.
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/mailTemplates',
      headers: { cookie: staff },
      payload: { name: 'Vérification de l’adresse e-mail', subject: 'Votre lien : {{link}}', body: 'Bonjour {{name}}, voici le lien : {{link}}\n\nLe même, titré : {{link}}' },
    });
    expect(template.statusCode, template.body).toBe(201);
    const signUp = await t.app.inject({ method: 'POST', url: '/api/identity/signUp', payload: { email: 'lea@exemple.fr', password: 'mot-de-passe-lea', displayName: 'Léa' } });
    expect(signUp.statusCode).toBe(201);
    const lea = await signIn(t.app, 'lea@exemple.fr', 'mot-de-passe-lea');
    expect((await t.app.inject({ method: 'POST', url: '/api/me/email', headers: { cookie: lea }, payload: { email: 'lea.nouvelle@exemple.fr', password: 'mot-de-passe-lea' } })).statusCode).toBe(202);
    const raffle = await t.app.inject({
      method: 'POST',
      url: '/api/raffles',
      headers: { cookie: staff },
      payload: { title: 'Tombola du log', prizes: [{ name: 'Un vinyle', quantity: 1 }], opensAt: new Date(clock - HOUR).toISOString(), closesAt: new Date(clock + HOUR).toISOString(), status: 'open', legalBasis: 'free_draw', entryPolicy: 'emailLink' },
    });
    expect(raffle.statusCode, raffle.body).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/raffles/${raffle.json()._id}/entries`, payload: { name: 'Ugo', email: 'ugo@exemple.fr' } })).statusCode).toBe(202);
    await identityMailsSettled();

    // Each one reached its recipient with its link…
    const secretsOf = (to: string) => t.outbox.filter((m) => m.to === to).flatMap((m) => m.secrets);
    expect(t.outbox.find((m) => m.to === 'lea@exemple.fr')!.subject).toMatch(/^Votre lien : http:\/\/\S+\/account\/verify\?token=[A-Za-z0-9_-]{43}$/);
    expect(secretsOf('lea@exemple.fr')).toEqual([expect.stringMatching(/\/account\/verify\?token=/)]);
    expect(secretsOf('lea.nouvelle@exemple.fr')).toEqual([expect.stringMatching(/\/account\/verify\?token=/)]);
    expect(secretsOf('ugo@exemple.fr')).toEqual([expect.stringMatching(/\/raffles\/[0-9a-f]{24}\?confirmation=/)]);
    // …and none is in the mail log, whose copies say where the link was.
    const answer = await mailLog({ cookie: admin });
    expect(answer.statusCode).toBe(200);
    const items = answer.json().items as Array<{ to: string; subject: string; text: string; html: string }>;
    for (const to of ['lea@exemple.fr', 'lea.nouvelle@exemple.fr', 'ugo@exemple.fr']) {
      expect(items.filter((m) => m.to === to && m.text.includes(MASKED_LINK_TEXT))).toHaveLength(1);
      for (const secret of secretsOf(to)) expect(answer.body).not.toContain(secret);
    }
    const verification = items.find((m) => m.to === 'lea@exemple.fr' && m.subject.startsWith('Votre lien'))!;
    expect(verification.subject).toBe(`Votre lien : ${MASKED_LINK_TEXT}`);
    expect(verification.text).toBe(`Bonjour Léa, voici le lien : ${MASKED_LINK_TEXT}\n\nLe même, titré : ${MASKED_LINK_TEXT}\n`);
    expect(verification.html).toContain(`<p>Le même, titré : ${MASKED_LINK_TEXT}</p>`);
    expect(items.find((m) => m.to === 'ugo@exemple.fr')!.html).toContain(`<p>Confirmer ma participation : ${MASKED_LINK_TEXT}</p>`);
    // The notice to the current address keeps its link: the password page is nobody's secret.
    expect(items.find((m) => m.to === 'lea@exemple.fr' && m.subject === 'Changement d’adresse demandé')!.text).toMatch(/changez votre mot de passe : http:\/\/\S+\/account\/password\n/);
    expect(answer.body).not.toMatch(PERSONAL);
    expect(await t.db.query(`SELECT id FROM mails WHERE subject ~ $1 OR text ~ $1 OR html ~ $1`, [PERSONAL.source])).toEqual([]);
  });

  it('migration 0018 masks the links of the mails stored before it, and only them', async () => {
    const site = 'http://localhost:3000';
    const token = 'Qk3nX0p1Yv9sT2uW8zA4bC6dE7fG5hJ1kL0mN2oP3qR';
    const reset = `${site}/account/reset?token=${token}`;
    const unsubscribe = `${site}/api/mail/unsubscribe?token=${encodeURIComponent('66b1f0c0e4b0a1a2b3c4d5e6.reminder.c2lnbmF0dXJl')}`;
    const confirmation = `${site}/raffles/66b1f0c0e4b0a1a2b3c4d5e7?confirmation=${token}`;
    // Rows as the code before issue 30 stored them: the mail whole.
    const old = [
      {
        subject: 'Choisissez un nouveau mot de passe',
        text: `Bonjour Alice,\n\nChoisir un nouveau mot de passe : ${reset}\n\nVous n’avez rien demandé ? Ignorez ce message.\n`,
        html: `<!doctype html><html lang="fr"><body style="font-family:sans-serif"><p>Bonjour Alice,</p><p><a href="${reset}">Choisir un nouveau mot de passe</a></p><p>Vous n’avez rien demandé ? Ignorez ce message.</p></body></html>`,
      },
      {
        subject: `Votre lien : ${confirmation}`,
        text: `Bonjour Ugo, le lien : ${confirmation}\n`,
        html: `<p>Bonjour Ugo, le lien : <a href="${confirmation}">${confirmation}</a></p>`,
      },
      {
        subject: 'Rappel : Concert',
        text: `Bonjour,\n\nVoir l’événement : ${site}/events/66b1f0c0e4b0a1a2b3c4d5e8\n\n--\nSe désabonner en un clic : ${unsubscribe}\n`,
        html: `<p><a href="${site}/events/66b1f0c0e4b0a1a2b3c4d5e8">Voir l’événement</a></p><hr><p style="font-size:12px;color:#666">Vous recevez ce message… <a href="${unsubscribe}">Se désabonner en un clic</a></p>`,
      },
    ];
    const untouched = { subject: 'Annonce', text: `Bonjour,\n\nEn savoir plus : ${site}/events/66b1f0c0e4b0a1a2b3c4d5e8?tab=infos\n`, html: `<p><a href="${site}/events/66b1f0c0e4b0a1a2b3c4d5e8?tab=infos">En savoir plus</a></p>` };
    const ids: string[] = [];
    for (const mail of [...old, untouched]) {
      const id = newId();
      ids.push(id);
      await t.db.query(`INSERT INTO mails (id, "to", subject, html, text, template, status) VALUES ($1, 'ancien@exemple.fr', $2, $3, $4, NULL, 'kept')`, [id, mail.subject, mail.html, mail.text]);
    }

    await t.db.query(readFileSync(join(SERVER_PATHS.migrations, '0018_mask_mail_links.sql'), 'utf8'));

    const rows = await t.db.query<{ id: string; subject: string; text: string; html: string }>(`SELECT id, subject, text, html FROM mails WHERE id = ANY($1::text[])`, [ids]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const [resetRow, confirmationRow, reminderRow, untouchedRow] = ids.map((id) => byId.get(id)!);
    expect(resetRow!.text).toBe(`Bonjour Alice,\n\nChoisir un nouveau mot de passe : ${MASKED_LINK_TEXT}\n\nVous n’avez rien demandé ? Ignorez ce message.\n`);
    expect(resetRow!.html).toBe(
      `<!doctype html><html lang="fr"><body style="font-family:sans-serif"><p>Bonjour Alice,</p><p>Choisir un nouveau mot de passe : ${MASKED_LINK_TEXT}</p><p>Vous n’avez rien demandé ? Ignorez ce message.</p></body></html>`,
    );
    expect(confirmationRow).toEqual({ id: ids[1], subject: `Votre lien : ${MASKED_LINK_TEXT}`, text: `Bonjour Ugo, le lien : ${MASKED_LINK_TEXT}\n`, html: `<p>Bonjour Ugo, le lien : ${MASKED_LINK_TEXT}</p>` });
    expect(reminderRow!.text).toBe(`Bonjour,\n\nVoir l’événement : ${site}/events/66b1f0c0e4b0a1a2b3c4d5e8\n\n--\nSe désabonner en un clic : ${MASKED_LINK_TEXT}\n`);
    expect(reminderRow!.html).toContain(`<a href="${site}/events/66b1f0c0e4b0a1a2b3c4d5e8">Voir l’événement</a>`);
    expect(reminderRow!.html).toContain(`Se désabonner en un clic : ${MASKED_LINK_TEXT}</p>`);
    expect(untouchedRow).toEqual({ id: ids[3], ...untouched });
    for (const row of [resetRow, confirmationRow, reminderRow]) expect(`${row!.subject}${row!.text}${row!.html}`).not.toMatch(PERSONAL);
  });
});
