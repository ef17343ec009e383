import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { Api, DEMO_ACCOUNTS, DEMO_IDS } from './api';
import { seriousViolations, type KnownDefect } from './browser';
import { heading, useBrowser } from './fixtures';

/** A fresh suffix per run: SORTIE_E2E_URL may point at an app whose data already served. */
const unique = () => randomBytes(4).toString('hex');

/**
 * The confirmation link mailed for a raffle entry, as its reader finds it: in the mail as it left
 * (no SMTP here: the app writes each mail whole to SORTIE_MAIL_DIR; the dashboard's mail log masks the link).
 */
async function mailedConfirmationPath(to: string): Promise<string> {
  const mailDir = inject('mailDir');
  if (!mailDir) throw new Error('SORTIE_E2E_MAIL_DIR: the folder where the app under test writes its mails (its SORTIE_MAIL_DIR).');
  // The mail leaves just after the answer: a moment to be written.
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const name of readdirSync(mailDir).sort().reverse()) {
      const mail = readFileSync(join(mailDir, name), 'utf8');
      if (!mail.includes(`\nTo: ${to}\n`)) continue;
      const link = /https?:\/\/\S+?(\/raffles\/\S+?\?confirmation=[A-Za-z0-9_-]+)/.exec(mail);
      if (link) return link[1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail to ${to}`);
}

describe('a visitor taking part', () => {
  const { baseUrl, context } = useBrowser();

  it('fills a form and reads the entry back by its code', async () => {
    const page = await (await context()).newPage();
    await page.goto(`/forms/${DEMO_IDS.form}`);
    expect(await heading(page)).toBe('Devenir bénévole au festival');

    // An empty submission is refused in French, field by field.
    await page.getByRole('button', { name: 'Envoyer ma réponse' }).click();
    await page.getByText('« Nom » est obligatoire.').waitFor();
    await page.getByText('« Créneau » est obligatoire.').waitFor();

    const email = `benevole-${unique()}@exemple.fr`;
    await page.getByLabel('Nom').fill('Camille Bénévole');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Créneau').selectOption('Soir');
    await page.getByLabel('Message').fill('Disponible tout le week-end.');
    await page.getByRole('button', { name: 'Envoyer ma réponse' }).click();
    await page.getByText('Merci, votre réponse est enregistrée !').waitFor();
    const code = (await page.locator('strong.font-mono').innerText()).trim();
    expect(code).toMatch(/^[A-Za-z0-9_-]{4,64}$/);

    await page.getByRole('link', { name: 'Voir ma réponse' }).click();
    expect(await heading(page)).toBe('Votre réponse');
    expect(new URL(page.url()).pathname).toBe(`/forms/${DEMO_IDS.form}/entries/${code}`);
    const main = page.getByRole('main');
    await main.getByText(email).waitFor();
    await main.getByText('Disponible tout le week-end.').waitFor();

    // The same entry, read back by its code straight from the server, and again after a reload.
    const entry = await Api.anonymous(baseUrl).get<{ entryCode: string; answers: Record<string, unknown> }>(`/api/forms/${DEMO_IDS.form}/entries/${code}`);
    expect(entry.answers).toMatchObject({ nom: 'Camille Bénévole', email, creneau: 'Soir' });
    await page.reload();
    await page.getByRole('main').getByText('Camille Bénévole').waitFor();
  });

  it('enters a raffle by e-mail, confirmed by the mailed link, once', async () => {
    const page = await (await context()).newPage();
    await page.goto(`/raffles/${DEMO_IDS.raffle}`);
    expect(await heading(page)).toBe('Tombola de printemps');
    await page.getByText('Tirage gratuit sans obligation d’achat', { exact: true }).waitFor();
    const email = `joueur-${unique()}@exemple.fr`;
    await page.getByLabel('Votre nom').fill('Dominique');
    await page.getByLabel('Votre e-mail').fill(email);
    await page.getByRole('button', { name: 'Je participe' }).click();
    await page.getByText('Plus qu’une étape : confirmez votre participation.').waitFor();

    // The link in the mail: one click on its page, and the entry counts.
    await page.goto(await mailedConfirmationPath(email));
    await heading(page);
    await page.getByRole('button', { name: 'Confirmer ma participation' }).click();
    await page.getByText('Votre participation est confirmée. Bonne chance !').waitFor();

    // A second entry with the same e-mail, in capitals, is refused by the server, in French.
    await page.goto(`/raffles/${DEMO_IDS.raffle}`);
    await heading(page);
    await page.getByLabel('Votre nom').fill('Dominique encore');
    await page.getByLabel('Votre e-mail').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Je participe' }).click();
    await expect.poll(() => page.getByRole('alert').innerText(), { timeout: 10_000 }).toBe('Vous participez déjà à ce tirage.');
  });

  it('publishes the hashes, draws after the close, and redoes the draw in the browser with core’s code', async () => {
    // Arranged through the API as the organiser would: the seed's hash first, four entries, the close, the draw.
    const admin = await Api.signIn(baseUrl, DEMO_ACCOUNTS.admin.email);
    const closesAt = Date.now() + 8_000;
    const raffle = await admin.request<{ _id: string }>('POST', '/api/raffles', {
      title: `Tombola vérifiable ${unique()}`, description: 'Un tirage à vérifier.', prizes: [{ name: 'Un vinyle', quantity: 1 }, { name: 'Une affiche', quantity: 2 }],
      opensAt: new Date(Date.now() - 3_600_000).toISOString(), closesAt: new Date(closesAt).toISOString(), status: 'open', legalBasis: 'association_lottery', authorisationRef: '2026-117',
      rules: 'Une participation par personne.', entryPolicy: 'emailLink',
    });
    const committed = await admin.request<{ draw: { seedHash: string } }>('POST', `/api/raffles/${raffle._id}/commit`);
    await expect(admin.request('POST', `/api/raffles/${raffle._id}/commit`)).rejects.toThrow(/409/);
    const anonymous = Api.anonymous(baseUrl);
    // Entries confirmed by the link mailed to each (a pending one would not be drawn).
    for (const name of ['Ana', 'Bruno', 'Chloe', 'Driss']) {
      const email = `${name.toLowerCase()}-${unique()}@exemple.fr`;
      await anonymous.request('POST', `/api/raffles/${raffle._id}/entries`, { name, email });
      const token = new URL(await mailedConfirmationPath(email), baseUrl).searchParams.get('confirmation');
      await anonymous.request('POST', `/api/raffles/${raffle._id}/entries/confirm`, { token });
    }
    // Not before the close.
    await expect(admin.request('POST', `/api/raffles/${raffle._id}/draw`)).rejects.toThrow(/409.*clôture/);

    const page = await (await context()).newPage();
    await page.goto(`/raffles/${raffle._id}`);
    await heading(page);
    await page.getByText('Loterie associative autorisée par arrêté n° 2026-117').waitFor();
    await page.getByRole('region', { name: 'Ce que vous pouvez vérifier' }).getByText('Que la graine a vraiment été tirée au hasard.').waitFor();
    // Before the close: the seed's hash, no seed, nothing to verify yet.
    await page.getByText(committed.draw.seedHash).waitFor();
    await page.getByText('L’empreinte de la liste des participations sera publiée à la clôture.').waitFor();
    expect(await page.getByRole('button', { name: 'Vérifier le tirage' }).count()).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 500)));
    await expect(anonymous.request('POST', `/api/raffles/${raffle._id}/entries`, { name: 'Emile', email: `emile-${unique()}@exemple.fr` })).rejects.toThrow(/409/);
    // At the close, the entry list's hash is published beside the seed's.
    const closed = await anonymous.request<{ entriesHash: string; entryIds: string[] }>('GET', `/api/raffles/${raffle._id}/proof`);
    expect(closed.entryIds).toHaveLength(4);
    await page.reload();
    await page.getByText(closed.entriesHash).waitFor();

    const drawn = await admin.request<{ draw: { seed: string; entriesHash: string; winners: Array<{ name: string; prize: string }> } }>('POST', `/api/raffles/${raffle._id}/draw`);
    expect(drawn.draw.entriesHash).toBe(closed.entriesHash);
    await page.reload();
    const winners = page.getByRole('region', { name: 'Gagnants' });
    await winners.waitFor();
    expect(await winners.getByRole('listitem').allInnerTexts()).toEqual(drawn.draw.winners.map((w) => `${w.name} — ${w.prize}`));
    await page.getByText(drawn.draw.seed).waitFor();
    // The check runs in Chromium: core's checkDraw over WebCrypto, from the revealed seed and the frozen list.
    await page.getByRole('button', { name: 'Vérifier le tirage' }).click();
    await page.getByText('✓ La graine correspond à l’empreinte publiée avant le tirage.').waitFor();
    await page.getByText('✓ La liste des participations correspond à l’empreinte publiée à la clôture.').waitFor();
    await page.getByText('✓ Le tirage refait dans votre navigateur donne les mêmes gagnants.').waitFor();
  });

  it('filters a menu by allergen, the choice kept in the address', async () => {
    const page = await (await context()).newPage();
    await page.goto(`/menus/${DEMO_IDS.menu}`);
    expect(await heading(page)).toBe('La carte du Tap Garden');
    const dish = (name: string) => page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) });
    await dish('Houmous maison').waitFor();
    await page.getByText('Allergènes : Sésame, Gluten').waitFor();

    await page.getByRole('checkbox', { name: 'Gluten' }).check();
    await dish('Houmous maison').waitFor({ state: 'detached' });
    expect(await dish('Bière pression locale').count()).toBe(0);
    expect(await dish('Planche mixte').count()).toBe(1);
    expect(new URL(page.url()).search).toBe('?sans=gluten');

    await page.reload();
    await dish('Planche mixte').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Gluten' }).isChecked()).toBe(true);
    expect(await dish('Houmous maison').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Lait' }).check();
    await dish('Planche mixte').waitFor({ state: 'detached' });
    expect(await dish('Limonade artisanale').count()).toBe(1);
  });

  it('reads a blog post whose markdown carries a script, a javascript: link and an onerror handler, all inert', async () => {
    const staff = await Api.staff(baseUrl);
    const slug = `piege-${unique()}`;
    await staff.request('POST', '/api/blog', {
      slug, title: 'Article piégé', author: 'Testeur', publishedAt: new Date(Date.now() - 60_000).toISOString(),
      body: 'Texte **visible**.\n\n<script>window.__pwned = 1</script>\n\n<img src="x" onerror="window.__pwned = 2">\n\n[clique](javascript:window.__pwned=3)\n\n[Mairie](https://www.poitiers.fr/)',
    });
    const page = await (await context()).newPage();
    await page.goto(`/blog/${slug}`);
    expect(await heading(page)).toBe('Article piégé');
    await page.getByText('visible', { exact: true }).waitFor();
    await page.getByText('clique').click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const article = page.locator('article');
    expect(await article.locator('script, [onerror]').count()).toBe(0);
    expect(await article.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await article.getByRole('link', { name: 'Mairie' }).getAttribute('rel')).toBe('noopener noreferrer');
  });
});

/** Defects of the shared shell, reported to its owners (same list as pages.e2e.test.ts). */
const SHELL_DEFECTS: KnownDefect[] = []; // none known: the primary buttons and the logo link were fixed

describe('the engagement pages at 360 px', () => {
  const { context } = useBrowser();
  const PAGES = [
    { path: `/forms/${DEMO_IDS.form}`, heading: 'Devenir bénévole au festival' },
    { path: `/raffles/${DEMO_IDS.raffle}`, heading: 'Tombola de printemps' },
    { path: `/menus/${DEMO_IDS.menu}`, heading: 'La carte du Tap Garden' },
    { path: '/jobOffers', heading: 'Offres d’emploi' },
    { path: '/blog/bienvenue-sur-sortie', heading: 'Bienvenue sur Sortie' },
    { path: '/docs/organisateurs/liens-courts', heading: 'Les liens courts' },
    { path: '/legal/privacy', heading: 'Données personnelles et cookies' },
    { path: '/dev/pricing', heading: 'Tarifs (développement)' },
    { path: '/stripe/cancel', heading: 'Paiement annulé' },
  ];

  it.each(PAGES)('$path fits and has no serious accessibility violation', async ({ path, heading: expected }) => {
    const page = await (await context({ viewport: { width: 360, height: 740 } })).newPage();
    await page.goto(path);
    expect(await heading(page)).toBe(expected);
    await page.waitForLoadState('networkidle');
    // The page's own content fits (the shared header overflows to 390 px at 360: reported to the shell's owners).
    // Wide tables scroll inside their own box, which keeps them out of main's scroll width.
    expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth)).toBeLessThanOrEqual(360);
    const violations = await seriousViolations(page, SHELL_DEFECTS);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
  });
});
