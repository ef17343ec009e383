import { describe, expect, it } from 'vitest';
import { heading, useBrowser } from './fixtures';

describe('a visitor finding their way', () => {
  const { context } = useBrowser();

  it('sees the landing page, in French, with its question and a way to sign in', async () => {
    const page = await (await context()).newPage();
    await page.goto('/');
    expect(await heading(page)).toBe('Que faire ce soir ?');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.title()).toBe('Sortie — que faire ce soir ?');
    await page.getByRole('button', { name: 'Se connecter' }).first().waitFor();
  });

  it('lands on /home/Poitiers when opening /home', async () => {
    const page = await (await context()).newPage();
    await page.goto('/home');
    await page.waitForURL('**/home/Poitiers');
    expect(new URL(page.url()).pathname).toBe('/home/Poitiers');
    expect(await heading(page)).toBe('Que faire à Poitiers ?');
  });

  it('shows « Page Not Found: /events/xyz » for an id that is not 24 hex characters', async () => {
    const page = await (await context()).newPage();
    await page.goto('/events/xyz');
    await expect.poll(() => page.getByTestId('error-message').textContent(), { timeout: 15_000 }).toBe('Page Not Found: /events/xyz');
    expect(await heading(page)).toBe('Page introuvable');
    expect(new URL(page.url()).pathname).toBe('/events/xyz');
  });

  it('shows « Page not found: /nope » for an unknown path', async () => {
    const page = await (await context()).newPage();
    await page.goto('/nope');
    await expect.poll(() => page.getByTestId('error-message').textContent(), { timeout: 15_000 }).toBe('Page not found: /nope');
    expect(await heading(page)).toBe('Page introuvable');
  });

  it('sends a visitor who opens /dashboard to /unauthorized', async () => {
    const page = await (await context()).newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/unauthorized');
    expect(await heading(page)).toBe('Accès refusé');
    await page.getByText('Cette page est réservée à l’équipe Sortie.').waitFor();
  });
});
