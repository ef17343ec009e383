import { describe, expect, it } from 'vitest';
import { DEMO_IDS, demoId } from './api';
import { heading, useBrowser } from './fixtures';

describe('a visitor discovering what to do', () => {
  const { context } = useBrowser();

  it('goes from the landing page to a city, an event, its place and the map', async () => {
    const page = await (await context()).newPage();
    await page.goto('/');
    expect(await heading(page)).toBe('Que faire ce soir ?');
    // The highlights load beside the first paint: events, or a French word that there is none yet.
    const tonight = page.getByRole('region', { name: 'Ce soir à Poitiers' });
    await tonight.getByRole('listitem').or(tonight.getByText('Rien de prévu ce soir pour l’instant')).first().waitFor({ timeout: 15_000 });

    await page.getByRole('combobox', { name: 'Votre ville' }).selectOption('Poitiers');
    await page.getByRole('button', { name: 'Voir l’agenda' }).click();
    await page.waitForURL('**/home/Poitiers');
    expect(await heading(page)).toBe('Que faire à Poitiers ?');
    // The first demo event of the agenda (each has a place): other scenarios running beside this
    // one add events of their own to Poitiers, some without a place, and some earlier today.
    const demoEvents = new Set(Array.from({ length: 64 }, (_, i) => `/events/${demoId(`event:${i}`)}`));
    const agendaLinks = page.locator('main section[aria-labelledby^="day-"] li a[href^="/events/"]');
    await agendaLinks.first().waitFor();
    const hrefs = await agendaLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const eventHref = hrefs.find((href) => demoEvents.has(href));
    expect(eventHref, 'a demo event listed on /home/Poitiers').toBeTruthy();
    const firstEvent = page.locator(`main a[href="${eventHref}"]`).first();
    const title = (await firstEvent.innerText()).trim();

    // Filters live in the address.
    await page.getByRole('combobox', { name: 'Prix' }).selectOption('free');
    await page.waitForURL('**/home/Poitiers?price=free');
    await page.getByText(/événements? à venir/).waitFor();
    await page.getByRole('combobox', { name: 'Prix' }).selectOption('');
    await page.waitForURL((url) => url.pathname === '/home/Poitiers' && url.search === '');

    await page.locator(`main a[href="${eventHref}"]`).first().click();
    await page.waitForURL(`**${eventHref}`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(title);
    await page.getByRole('group', { name: 'Ajouter à mon agenda' }).getByRole('link', { name: /Fichier \.ics/ }).waitFor();
    const placeLink = page.locator('dd').getByRole('link').first();
    await placeLink.waitFor({ timeout: 15_000 });
    const placeName = (await placeLink.innerText()).trim();
    const mapLink = page.getByRole('link', { name: 'Voir sur la grande carte' });
    await mapLink.waitFor();
    const mapHref = await mapLink.getAttribute('href');
    // The small map is Leaflet over OpenStreetMap (the tiles themselves are blocked offline),
    // drawn when it comes near the screen.
    await mapLink.scrollIntoViewIfNeeded();
    await page.locator('.leaflet-container').first().waitFor();

    await placeLink.click();
    await page.waitForURL(/\/places\/[0-9a-f]{24}$/);
    expect(await heading(page)).toBeTruthy();

    await page.goto(mapHref!);
    expect(await heading(page)).toBe('Carte');
    const list = page.getByRole('complementary', { name: 'Liste des lieux et des événements' });
    await list.getByRole('link', { name: placeName, exact: true }).waitFor({ timeout: 15_000 });
    expect(await list.getByRole('button', { name: `Montrer ${placeName} sur la carte` }).getAttribute('aria-pressed')).toBe('true');
    // Pins are drawn in clusters: a cluster bubble or a single pin per place.
    await page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.leaflet-marker-icon').count()).toBeGreaterThan(0);
  });

  it('finds « TAP – Théâtre Auditorium » when searching theatre, without the accent', async () => {
    const page = await (await context()).newPage();
    await page.goto('/search');
    expect(await heading(page)).toBe('Recherche');
    await page.getByRole('searchbox').fill('theatre');
    await page.waitForURL('**/search?q=theatre');
    const places = page.getByRole('region', { name: /^Lieux/ });
    const tap = places.getByRole('link', { name: 'TAP – Théâtre Auditorium' });
    await tap.waitFor({ timeout: 15_000 });
    expect(await tap.getAttribute('href')).toBe(`/places/${DEMO_IDS.places.tap}`);

    // The query lives in the address: a reload or a shared link shows the same results.
    await page.goto('/search?q=THEATRE');
    await page.getByRole('region', { name: /^Lieux/ }).getByRole('link', { name: 'TAP – Théâtre Auditorium' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('searchbox').inputValue()).toBe('THEATRE');

    // A typo still finds it.
    await page.goto('/search?q=teatre');
    await page.getByRole('region', { name: /^Lieux/ }).getByRole('link', { name: 'TAP – Théâtre Auditorium' }).waitFor({ timeout: 15_000 });
  });

  it('shows an event’s details, and a championship’s standings', async () => {
    const page = await (await context()).newPage();
    await page.goto(`/events/${DEMO_IDS.firstEvent}`);
    const title = await heading(page);
    expect(title).not.toBe('Événement');
    await page.getByRole('button', { name: 'Partager' }).waitFor();
    // A visitor who is not signed in is asked to sign in before liking.
    await page.getByRole('button', { name: /J’aime/ }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Se connecter' }).waitFor();

    await page.goto(`/events/${demoId('event:5')}/championship/${demoId('championship:kart')}`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Championnat Mario Kart');
    await page.getByRole('heading', { level: 2, name: 'Classement' }).waitFor();
    const tournament = page.getByRole('link', { name: 'Tournoi Mario Kart', exact: true });
    await tournament.waitFor({ timeout: 15_000 });
    expect(await tournament.getAttribute('href')).toBe(`/tournaments/${DEMO_IDS.tournament}`);
  });
});
