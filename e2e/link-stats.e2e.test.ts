import { describe, expect, it } from 'vitest';
import { PHONE_UA } from './browser';
import { consoleErrors, exposeRedirects, fakeExternalSite, heading, signInThroughApi, useBrowser } from './fixtures';

/** Issue 36: a short link with a password and an iPhone target, visited from three user agents, and its statistics. */
describe('a short link’s password, device target and statistics', () => {
  const { baseUrl, context } = useBrowser();
  const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

  it('staff create a link with a password and an iOS target, see its statistics after three visits, and download the CSV', async () => {
    const code = `e2e${Date.now().toString(36)}`;
    const staffContext = await context();
    const page = await staffContext.newPage();
    const errors = consoleErrors(page);
    await signInThroughApi(page, 'staff@demo.sortie.fr');

    await page.goto('/dashboard/dynaLinks');
    await page.getByRole('link', { name: 'Nouveau' }).click();
    const form = page.getByRole('form', { name: 'Créer' });
    await form.getByLabel(/^Destination\s*\*?$/).fill('https://www.example.org/soiree');
    await form.getByLabel('Code court').fill(code);
    await form.getByLabel('iPhone et iPad').fill('https://apps.example.org/sortie');
    await form.getByLabel('Mot de passe').fill('sesame-e2e');
    await form.getByRole('button', { name: 'Créer' }).click();
    await page.waitForURL(/\/dashboard\/dynaLinks\/[0-9a-f]{24}$/, { timeout: 15_000 });

    // An iPhone opens the link from an Instagram story: the French page asks for the password, then it goes to the iOS target.
    const phone = await context({ userAgent: PHONE_UA.iphone, extraHTTPHeaders: { referer: 'https://l.instagram.com/' } });
    await fakeExternalSite(phone, 'https://apps.example.org', 'Sortie sur l’App Store');
    const redirects = await exposeRedirects(phone, '**/r/**');
    const phonePage = await phone.newPage();
    await phonePage.goto(`/r/${code}`);
    expect(await heading(phonePage)).toBe('Ce lien est protégé');
    await phonePage.getByLabel('Mot de passe').fill('faux');
    await phonePage.getByRole('button', { name: 'Continuer' }).click();
    await phonePage.getByRole('alert').filter({ hasText: 'Mot de passe incorrect.' }).waitFor();
    await phonePage.getByLabel('Mot de passe').fill('sesame-e2e');
    await phonePage.getByRole('button', { name: 'Continuer' }).click();
    await phonePage.waitForURL('https://apps.example.org/sortie');
    expect(redirects.map((r) => r.status)).toEqual([200, 401, 302]);

    // An Android phone scans the poster's QR code, a computer follows the link: both to the url.
    for (const [agent, query] of [
      [PHONE_UA.android, '?q'],
      [DESKTOP, ''],
    ] as const) {
      const res = await fetch(`${baseUrl}/r/${code}${query}`, { method: 'POST', redirect: 'manual', headers: { 'user-agent': agent, 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=sesame-e2e' });
      expect(res.status, agent).toBe(302);
      expect(res.headers.get('location'), agent).toBe('https://www.example.org/soiree');
    }

    await page.reload();
    await page.getByRole('heading', { name: 'Statistiques' }).waitFor();
    await expect.poll(() => page.getByTestId('link-stats-total').innerText(), { timeout: 15_000 }).toBe('3 visites sur 30 jours : 3 personnes, 0 robot, 1 par QR code.');
    await page.getByRole('img', { name: 'Visites par jour : personnes, robots et QR codes' }).waitFor();
    expect(await page.getByTestId('link-stats-chart').locator('rect[data-kind="qr"]').count()).toBe(1);
    await page.getByRole('cell', { name: 'instagram.com' }).waitFor();
    await page.getByRole('cell', { name: 'Téléphone · iOS' }).waitFor();
    await page.getByRole('button', { name: '90 jours' }).click();
    await expect.poll(() => page.getByTestId('link-stats-total').innerText(), { timeout: 15_000 }).toBe('3 visites sur 90 jours : 3 personnes, 0 robot, 1 par QR code.');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statistiques-${code}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    // The browser runs in another process: the file is read through its stream.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv).toContain('jour;personnes;robots;qr code');
    expect(csv).toContain('instagram.com;1');
    expect(csv).toContain('accès direct;2');
    expect(csv).toContain('Téléphone;iOS;1');
    expect(errors).toEqual([]);
  }, 120_000);
});
