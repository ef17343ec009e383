import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Api, DEMO_IDS } from './api';
import { heading, useBrowser } from './fixtures';

const PASSWORD = 'un mot de passe solide';
/** A 2×2 PNG: the smallest picture the server's resizer takes as an avatar. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWP4HxX/PyqeAUIBADKuBuETFKSGAAAAAElFTkSuQmCC', 'base64');

describe('a visitor who comes back: profile, badges, bell and announcements', () => {
  const { baseUrl, context } = useBrowser();

  it('signs up, sets Bordeaux and a picture, then earns « Premier pas » and hears from a followed place without a reload', async () => {
    const email = `retour-${randomBytes(4).toString('hex')}@exemple.fr`;
    const page = await (await context()).newPage();
    await page.goto('/home/Poitiers');

    // Sign-up through the dialog.
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await dialog.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    await dialog.getByLabel('Nom affiché').fill('Camille Retour');
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Mon compte (Camille Retour)' }).waitFor({ timeout: 15_000 });

    // The profile: Bordeaux and a picture.
    await page.goto('/account');
    const profile = page.getByRole('region', { name: 'Mon profil' });
    await profile.getByLabel(/Ma ville/).selectOption('Bordeaux');
    await profile.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await profile.getByText('Profil enregistré.').waitFor();
    await profile.getByLabel('Ajouter une photo').setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: PICTURE });
    await profile.getByText('Photo enregistrée.').waitFor({ timeout: 15_000 });
    expect(await profile.locator('img').getAttribute('src')).toMatch(/^\/api\/images\/files\/[0-9a-f]{24}-\d+-[0-9a-f]{16}\.webp$/);

    // The agenda now opens on Bordeaux.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Agenda' }).click();
    await page.waitForURL('**/home/Bordeaux');
    expect(await heading(page)).toBe('Que faire à Bordeaux ?');

    // A first like: the bell counts the badge's notification, and its panel names it, without a reload.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, aucune non lue');
    await page.goto(`/events/${DEMO_IDS.firstEvent}`);
    await page.getByRole('button', { name: /^J’aime/ }).click();
    await page.getByRole('button', { name: /^J’aime déjà/ }).waitFor();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, 1 non lue');
    await expect.poll(() => page.title()).toMatch(/^\(1\) /);
    await bell.click();
    const panel = page.getByRole('region', { name: 'Dernières notifications' });
    await panel.getByText('Nouveau badge : Premier pas').waitFor();
    await page.keyboard.press('Escape');

    // Follows a place from its page; staff write to its followers; the bell hears of it without a reload.
    await page.goto(`/places/${DEMO_IDS.places.tap}`);
    await page.getByRole('button', { name: /^Suivre / }).click();
    await page.getByRole('button', { name: /^Suivi — ne plus suivre / }).waitFor();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, 1 non lue');
    const staff = await Api.staff(baseUrl);
    const sent = await staff.request<{ recipients: number }>('POST', '/api/announcements', { target: { kind: 'place', id: DEMO_IDS.places.tap }, title: 'Soirée jazz ajoutée vendredi', body: 'Entrée libre.' });
    expect(sent.recipients).toBeGreaterThanOrEqual(1);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, 2 non lues');
    await bell.click();
    await panel.getByText('Soirée jazz ajoutée vendredi').waitFor();
  });

  it('shows the demo games night’s tournaments, raffle and form, each with a link that works', async () => {
    const page = await (await context()).newPage();
    await page.goto(`/events/${DEMO_IDS.gamesEvent}`);
    const tournaments = page.getByRole('region', { name: 'Tournois' });
    const raffles = page.getByRole('region', { name: 'Tombola' });
    const forms = page.getByRole('region', { name: 'Inscriptions' });
    await tournaments.waitFor();
    expect(await page.getByRole('region', { name: 'Championnat' }).count()).toBe(1);

    await raffles.getByRole('link', { name: /^Participer : / }).click();
    await page.waitForURL(`**/raffles/${DEMO_IDS.raffle}`);
    expect(await heading(page)).toBe('Tombola de printemps');
    await page.goBack();
    await forms.getByRole('link', { name: /^Remplir : / }).click();
    await page.waitForURL(`**/forms/${DEMO_IDS.form}`);
    expect(await heading(page)).toBe('Devenir bénévole au festival');
    await page.goBack();
    await tournaments.getByRole('link', { name: /^S’inscrire : / }).first().click();
    await page.waitForURL(/\/tournaments\/[0-9a-f]{24}$/);
    expect(await heading(page)).toMatch(/Mario Kart/);
  });
});
