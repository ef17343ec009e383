import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';

describe('the API reference', () => {
  const { context } = useBrowser();

  it('reads the OpenAPI document in Redoc, served by the app under its strict policy, with no blocked script', async () => {
    const page = await (await context()).newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    page.on('pageerror', (error) => refused.push(error.message));
    const loaded: string[] = [];
    page.on('response', (response) => loaded.push(response.url()));
    await page.goto('/api/reference');
    // Redoc draws all 305 operations before its title: 6–7 s on an idle machine, past 30 s on the
    // CI's busiest. A bound against a hang, within the scenario's 120 s.
    await page.getByRole('heading', { level: 1, name: /API Sortie/ }).waitFor({ timeout: 90_000 });
    // Each operation under its French summary.
    await page.getByRole('heading', { name: 'Crée une clé d’API' }).waitFor();
    await page.getByRole('heading', { name: 'Révoque une de mes clés d’API' }).waitFor();
    // Only Redoc's branding logo, on its CDN, is refused (and then hidden by Redoc): no script, style or call.
    expect(refused.filter((message) => !message.includes('https://cdn.redoc.ly/redoc/logo-mini.svg'))).toEqual([]);
    // Everything loaded came from the app itself: no CDN, no font service.
    const origin = new URL(page.url()).origin;
    expect(loaded.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    expect(loaded).toContain(`${origin}/api/reference/redoc.standalone.js`);
  });
});
