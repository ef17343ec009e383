import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_IDS } from './api';
import { heading, signInThroughApi, useBrowser } from './fixtures';

// Issue 23's widgets end to end: staff set a place's opening hours, an exceptional closure and a
// social link without typing JSON, add a member to an organisation by typing part of a name,
// and the public place page shows what they set.

/** A day some weeks ahead (YYYY-MM-DD, Paris), for a closure still to come. */
function dayAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + days * 86_400_000));
}

const text = async (page: Page, selector: string) => (await page.locator(selector).innerText()).replace(/[\u00a0\u202f]/g, ' ');

describe('the dashboard’s widgets', () => {
  const { context } = useBrowser();

  it('lets staff set a place’s hours, a closure and an Instagram link, add a member by name, and the public page shows them', async () => {
    const page = await (await context()).newPage();
    await signInThroughApi(page, 'staff@demo.sortie.fr');
    const placeId = DEMO_IDS.placeWithoutEvents;
    const instagram = `https://www.instagram.com/sortie_e2e_${Date.now().toString(36)}`;
    const closedOn = dayAhead(40);

    // The place's form: days, ranges and links, no JSON anywhere.
    await page.goto(`/dashboard/places/${placeId}`);
    const form = page.getByRole('form', { name: 'Modifier' });
    const hours = form.getByRole('group', { name: 'Horaires d’ouverture' });
    await hours.waitFor({ timeout: 15_000 });
    expect(await form.getByText('Au format JSON').count()).toBe(0);
    const friday = hours.getByRole('group', { name: 'Vendredi' });
    const closed = friday.getByRole('checkbox', { name: 'Fermé' });
    if (await closed.isChecked()) await closed.press('Space');
    await friday.getByLabel('Ouverture le vendredi').fill('18:00');
    await friday.getByLabel('Fermeture le vendredi').fill('02:00');
    await friday.getByText('(le lendemain)').waitFor();

    const closures = form.getByRole('group', { name: /Fermetures exceptionnelles/ });
    await closures.getByRole('button', { name: /Ajouter/ }).click();
    await closures.getByLabel(/^Date/).last().fill(closedOn);
    await closures.getByLabel(/^Note/).last().fill('Inventaire');

    const links = form.getByRole('group', { name: 'Réseaux sociaux' });
    // (Against an app already running, a previous run's Instagram row is edited instead.)
    if ((await links.getByLabel('Adresse Instagram').count()) === 0) {
      await links.getByRole('button', { name: 'Ajouter un lien' }).click();
      await links.getByRole('combobox').last().selectOption({ label: 'Instagram' });
    }
    // A wrong address is refused beside its field, in French.
    const address = links.getByLabel('Adresse Instagram');
    await address.fill('javascript:alert(1)');
    await address.blur();
    await links.getByText('Adresse web invalide : seules les adresses http et https sont acceptées.').waitFor();
    await address.fill(instagram);

    // Leaving with unsaved changes asks first; staying keeps everything typed.
    await page.getByRole('link', { name: 'Lieux', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    // (The dialog's outer box has no size of its own: wait for its title.)
    await dialog.getByRole('heading', { name: 'Quitter sans enregistrer ?' }).waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    expect(page.url()).toContain(`/dashboard/places/${placeId}`);
    expect(await friday.getByLabel('Fermeture le vendredi').inputValue()).toBe('02:00');

    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: 'Enregistré.' }).waitFor({ timeout: 15_000 });

    // An organisation's member, found by typing part of a name (no id typed).
    await page.goto(`/dashboard/organizations/${DEMO_IDS.organizations.jazzAPoitiers}`);
    const search = page.getByRole('combobox', { name: 'Ajouter : Membres' });
    await search.waitFor({ timeout: 15_000 });
    // (Against an app already running, a previous run may have added her: start without her.)
    const previous = page.getByRole('button', { name: 'Retirer Valentine Visiteuse' });
    if (await previous.count()) await previous.click();
    await search.fill('Valent');
    await page.getByRole('option', { name: /Valentine Visiteuse/ }).waitFor({ timeout: 15_000 });
    await search.press('ArrowDown');
    await search.press('Enter');
    const members = page.getByRole('list', { name: 'Membres' });
    await members.getByText('Valentine Visiteuse').waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: 'Enregistré.' }).waitFor({ timeout: 15_000 });
    await page.reload();
    await page.getByRole('list', { name: 'Membres' }).getByText('Valentine Visiteuse').waitFor({ timeout: 15_000 });

    // The public page: the hours, the closure and the link (its lists may be cached a moment).
    const visitor = await (await context()).newPage();
    let shown = false;
    for (let attempt = 0; attempt < 10 && !shown; attempt++) {
      await visitor.goto(`/places/${placeId}`);
      await heading(visitor);
      shown = (await visitor.getByRole('link', { name: 'Instagram' }).count()) > 0;
      if (!shown) await visitor.waitForTimeout(500);
    }
    expect(shown).toBe(true);
    expect(await visitor.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(instagram);
    const hoursText = await text(visitor, 'section[aria-labelledby="hours-title"]');
    expect(hoursText).toContain('Vendredi');
    expect(hoursText).toContain('18 h – 2 h');
    expect(hoursText).toContain('Fermetures exceptionnelles');
    expect(hoursText).toContain('Inventaire');
  });
});
