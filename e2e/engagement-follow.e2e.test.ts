import { describe, expect, it } from 'vitest';
import { Api, DEMO_ACCOUNTS, DEMO_IDS } from './api';
import { seriousViolations, type AxeViolation, type KnownDefect } from './browser';
import { heading, signInThroughDialog, useBrowser } from './fixtures';

/** Shared-theme defects already reported by pages.e2e.test.ts; nothing else is excused. */
const SHELL_DEFECTS: KnownDefect[] = []; // none known: the primary buttons and the logo link were fixed
const describeViolations = (violations: AxeViolation[]) => violations.map((v) => `${v.impact} ${v.id} : ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);


describe('like and follow', () => {
  const { baseUrl, context } = useBrowser();

  it('follows a place from its page, finds it in /users/following, unfollows it; a liked event shows in /users/likes', async () => {
    const place = await Api.anonymous(baseUrl).get<{ name: string }>(`/api/places/${DEMO_IDS.places.confort}`);
    const event = await Api.anonymous(baseUrl).get<{ title: string }>(`/api/events/${DEMO_IDS.firstEvent}`);
    const page = await (await context()).newPage();

    // A visitor is invited to sign in before following.
    await page.goto(`/places/${DEMO_IDS.places.confort}`);
    expect(await heading(page)).toBe(place.name);
    await page.getByRole('button', { name: `Suivre ${place.name}` }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Se connecter' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer', exact: true }).click();
    await signInThroughDialog(page, DEMO_ACCOUNTS.visitor.email);

    // Follow from the place's page; the server keeps it across a reload.
    await page.getByRole('button', { name: `Suivre ${place.name}` }).click();
    await page.getByRole('button', { name: `Suivi — ne plus suivre ${place.name}`, exact: true }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: `Suivi — ne plus suivre ${place.name}`, exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Prochains événements' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(describeViolations(await seriousViolations(page, SHELL_DEFECTS)), `/places/${DEMO_IDS.places.confort}`).toEqual([]);

    // It is listed among the user's follows, linking back to the place; unfollow it there.
    await page.goto('/users/following');
    expect(await heading(page)).toBe('Mes abonnements');
    const link = page.getByRole('main').getByRole('link', { name: place.name });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/places/${DEMO_IDS.places.confort}`);
    expect(describeViolations(await seriousViolations(page, SHELL_DEFECTS)), '/users/following').toEqual([]);
    await page.getByRole('button', { name: `Ne plus suivre ${place.name}` }).click();
    await link.waitFor({ state: 'detached' });
    await page.reload();
    expect(await heading(page)).toBe('Mes abonnements');
    await page.getByRole('main').getByText('Vous ne suivez encore personne.').waitFor({ timeout: 15_000 });

    // Like an event from its page, then find it among the user's likes.
    await page.goto(`/events/${DEMO_IDS.firstEvent}`);
    expect(await heading(page)).toBe(event.title);
    // Enabled once the page knows whether the visitor already likes it.
    const like = page.getByRole('button', { name: /^J’aime/, disabled: false });
    await like.waitFor();
    if ((await like.getAttribute('aria-pressed')) !== 'true') await like.click();
    await page.getByRole('button', { name: /^J’aime déjà/, pressed: true }).waitFor();
    await page.goto('/users/likes');
    expect(await heading(page)).toBe('Mes favoris');
    const liked = page.getByRole('main').getByRole('link', { name: event.title });
    await liked.waitFor({ timeout: 15_000 });
    expect(await liked.getAttribute('href')).toBe(`/events/${DEMO_IDS.firstEvent}`);
    expect(describeViolations(await seriousViolations(page, SHELL_DEFECTS)), '/users/likes').toEqual([]);
  });
});
