import { describe, expect, it } from 'vitest';
import { Api, DEMO_ACCOUNTS } from './api';
import { seriousViolations } from './browser';
import { signInThroughApi, useBrowser } from './fixtures';

// A tournament night end to end: staff add the walk-ins and start a double elimination from
// the dashboard, a signed-in player reports a score on their phone, staff confirm it, and the
// venue's screen (open all along, never reloaded) shows the new bracket within a second.


describe('a live tournament', () => {
  const { baseUrl, context } = useBrowser();

  it('runs from the dashboard, a phone and the venue’s screen, live', async () => {
    const api = await Api.staff(baseUrl);
    const name = `Fléchettes e2e ${Date.now().toString(36)}`;
    const created = await api.request<{ _id: string }>('POST', '/api/tournaments', { name, game: 'Fléchettes', format: 'double_elimination' });
    const id = created._id;

    // Staff add five walk-ins from the dashboard's desk.
    const staff = await (await context()).newPage();
    await signInThroughApi(staff, DEMO_ACCOUNTS.staff.email);
    await staff.goto(`/dashboard/tournaments/${id}`);
    const desk = staff.getByRole('region', { name: 'Arbitrage' });
    await desk.waitFor({ timeout: 15_000 });
    const walkIns = ['Alex', 'Sam', 'Lou', 'Noé', 'Inès'];
    for (const walkIn of walkIns) {
      await desk.getByLabel('Joueur sur place').fill(walkIn);
      await desk.getByRole('button', { name: 'Ajouter' }).click();
      await desk.getByRole('button', { name: `Retirer ${walkIn}` }).waitFor();
    }

    // The sixth player joins on their phone with their account.
    const phone = await (await context({ viewport: { width: 390, height: 844 } })).newPage();
    await signInThroughApi(phone, DEMO_ACCOUNTS.visitor.email);
    await phone.goto(`/tournaments/${id}`);
    await phone.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
    await phone.getByLabel('Pseudo (facultatif)').fill('Valentine');
    await phone.getByRole('button', { name: 'Je m’inscris' }).click();
    await phone.getByRole('region', { name: 'Ma participation' }).getByText('Valentine', { exact: true }).waitFor();
    // The desk saw the sixth player arrive without a reload.
    await desk.getByRole('button', { name: 'Retirer Valentine' }).waitFor({ timeout: 5_000 });

    // The venue's screen, open before the start and never reloaded.
    const screen = await (await context({ viewport: { width: 1920, height: 1080 } })).newPage();
    await screen.goto(`/tournaments/${id}/screen`);
    await screen.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
    await screen.getByRole('list', { name: 'Inscrits' }).getByText('Valentine').waitFor();

    await desk.getByRole('button', { name: 'Démarrer le tournoi' }).click();
    await screen.getByRole('heading', { level: 2, name: 'Tableau des perdants' }).waitFor({ timeout: 5_000 });
    expect(await screen.locator('[aria-current="true"]').count()).toBe(2);
    // Seed 6 meets seed 3: Valentine plays Lou.
    const match = screen.getByRole('group', { name: /^(Lou contre Valentine|Valentine contre Lou), à jouer$/ });
    await match.waitFor({ timeout: 5_000 });
    // No scrolling on the screen: the bracket is scaled to fit.
    expect(await screen.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The player reports their score.
    const mine = phone.getByRole('region', { name: 'Ma participation' });
    await mine.getByText('Votre match : contre Lou').waitFor({ timeout: 5_000 });
    await mine.getByLabel('Mon score').fill('3');
    await mine.getByLabel('Score de Lou').fill('1');
    await mine.getByRole('button', { name: 'Envoyer le score' }).click();
    await mine.getByText('Score saisi : vous 3 – 1 Lou. L’équipe va confirmer.').waitFor();

    // Both pages pass axe's serious and critical rules.
    expect((await seriousViolations(phone)).map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    expect((await seriousViolations(screen)).map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    // Staff confirm it on the desk, which received the report live.
    const ready = desk.getByRole('group', { name: /^(Lou contre Valentine|Valentine contre Lou)$/ });
    await ready.getByText(/^Score saisi par Valentine : /).waitFor({ timeout: 5_000 });
    // A mark on the screen's page: a reload would lose it.
    await screen.evaluate(() => Object.assign(window, { sortieNotReloaded: true }));
    await ready.getByRole('button', { name: 'Confirmer' }).click();

    // The screen shows the new bracket without a reload (how soon is the tournaments bench's figure, not a test's).
    await screen.getByRole('group', { name: /^(Lou contre Valentine : 1 – 3|Valentine contre Lou : 3 – 1), joué$/ }).waitFor({ timeout: 5_000 });
    // Valentine moves on to meet the second seed (a bye) in the winners' semi-final; Lou drops to the losers' bracket.
    await screen.getByRole('group', { name: /^(Sam contre Valentine|Valentine contre Sam), à jouer$/ }).waitFor({ timeout: 5_000 });
    expect(await screen.evaluate(() => 'sortieNotReloaded' in window)).toBe(true);
    // The phone moved on too.
    await mine.getByText('Votre match : contre Sam').waitFor({ timeout: 5_000 });
    const stored = await Api.anonymous(baseUrl).get<{ matches: Array<{ status: string; confirmed: boolean }> }>(`/api/tournaments/${id}`);
    expect(stored.matches.filter((m) => m.status === 'done' && m.confirmed)).toHaveLength(1);
  });
});
