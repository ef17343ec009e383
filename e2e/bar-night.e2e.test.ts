import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { Api, DEMO_ACCOUNTS } from './api';
import { consoleErrors, signInThroughApi, useBrowser } from './fixtures';

// Issue 32, a bar night run by a host who never rehearsed. Saturday's Mario Kart: 8 walk-ins
// without accounts on the sign-up sheet and 2 visitors with phones; 9 check in at the door
// from the QR code, one never comes and is left out at the start; a double elimination on
// 2 tables; phones say where and when they play; staff confirm; the TV follows, never reloaded.
// Tuesday's quiz: a blind test in teams, 3 phones join by typing the code at /j, the host sees
// each answer before revealing it, and the report's CSV has a row per player and question.

const WALK_INS = ['Mario', 'Luigi', 'Peach', 'Toad', 'Yoshi', 'Daisy', 'Wario', 'Bowser'];
const NO_SHOW = 'Bowser';
const PASSWORD = 'soiree-au-bar-2026';

/** A visitor of their own, signed up through the embedded identity provider. */
async function newVisitor(baseUrl: string, displayName: string): Promise<string> {
  const email = `${displayName.toLowerCase()}.${Date.now().toString(36)}@exemple.fr`;
  await Api.anonymous(baseUrl).request('POST', '/api/identity/signUp', { email, password: PASSWORD, displayName });
  return email;
}

async function phoneOf(context: (options?: { viewport: { width: number; height: number } }) => Promise<BrowserContext>): Promise<Page> {
  return (await context({ viewport: { width: 390, height: 844 } })).newPage();
}

describe('a bar night without a rehearsal', () => {
  const { baseUrl, context } = useBrowser();

  it('Saturday’s Mario Kart: check-in by QR at the door, a double elimination on 2 tables, phones told where and when', async () => {
    const api = await Api.staff(baseUrl);
    const name = `Mario Kart du samedi ${Date.now().toString(36)}`;
    const created = await api.request<{ _id: string; joinCode: string }>('POST', '/api/tournaments', {
      name,
      game: 'Mario Kart 8',
      format: 'double_elimination',
      settings: { checkIn: true, stations: ['Table 1', 'Table 2'], matchMinutes: 12 },
      // The sign-up sheet of the afternoon: names only, nobody here yet.
      participants: WALK_INS.map((walkIn, i) => ({ id: `p${i + 1}`, name: walkIn, seed: i + 1, checkedIn: false })),
    });
    const { _id: id, joinCode: code } = created;
    expect(code).toMatch(/^\d{6}$/);

    // The TV, open from the start and never reloaded.
    const tv = await (await context({ viewport: { width: 1920, height: 1080 } })).newPage();
    const tvErrors = consoleErrors(tv);
    await tv.goto(`/tournaments/${id}/screen`);
    await tv.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
    await tv.getByRole('img', { name: `QR code vers ${baseUrl}/j/${code}` }).waitFor();

    // The desk.
    const staff = await (await context()).newPage();
    const staffErrors = consoleErrors(staff);
    await signInThroughApi(staff, DEMO_ACCOUNTS.staff.email);
    await staff.goto(`/dashboard/tournaments/${id}`);
    const desk = staff.getByRole('region', { name: 'Arbitrage' });
    await desk.waitFor({ timeout: 15_000 });

    // Two visitors register on their phones, then check in at the door with « Je suis là ».
    const visitors: Array<{ page: Page; name: string; errors: string[] }> = [];
    for (const [email, nickname] of [
      [DEMO_ACCOUNTS.visitor.email, 'Valentine'],
      [await newVisitor(baseUrl, 'Rosalina'), 'Rosalina'],
    ] as const) {
      const page = await phoneOf(context);
      const errors = consoleErrors(page);
      await signInThroughApi(page, email, email === DEMO_ACCOUNTS.visitor.email ? undefined : PASSWORD);
      await page.goto(`/tournaments/${id}`);
      await page.getByLabel('Pseudo (facultatif)').fill(nickname, { timeout: 15_000 });
      await page.getByRole('button', { name: 'Je m’inscris' }).click();
      await page.getByRole('region', { name: 'Ma participation' }).getByText(nickname, { exact: true }).waitFor({ timeout: 5_000 });
      // At the bar: the QR code on the TV leads to the check-in.
      await page.goto(`/j/${code}`);
      await page.waitForURL(`**/tournaments/${id}/checkIn`, { timeout: 10_000 });
      await page.getByRole('button', { name: 'Je suis là' }).click({ timeout: 10_000 });
      await page.getByText(`C’est noté, ${nickname} : vous êtes là. Bon tournoi !`).waitFor({ timeout: 5_000 });
      visitors.push({ page, name: nickname, errors });
    }

    // Seven walk-ins check in from the poster's QR code on one phone passed around; Bowser never comes.
    const door = await phoneOf(context);
    const doorErrors = consoleErrors(door);
    for (const walkIn of WALK_INS.filter((w) => w !== NO_SHOW)) {
      await door.goto(`/j/${code}`);
      await door.waitForURL(`**/tournaments/${id}/checkIn`, { timeout: 10_000 });
      await door.getByRole('radio', { name: walkIn }).check({ timeout: 10_000 });
      await door.getByRole('button', { name: 'Je suis là' }).click();
      await door.getByText(`C’est noté, ${walkIn} : vous êtes là. Bon tournoi !`).waitFor({ timeout: 5_000 });
    }
    // The desk counted them live, and warns of the one the start leaves out.
    await desk.getByRole('status', { name: 'Présences' }).getByText('9 présents sur 10').waitFor({ timeout: 5_000 });
    await desk.getByText('1 absent sera retiré du tableau.').waitFor();

    await desk.getByRole('button', { name: 'Démarrer le tournoi' }).click();
    // Nine players padded to sixteen in double elimination: too big to read whole on the TV, it shows its parts in turn.
    await tv.getByText('Tableau principal · 1/3').waitFor({ timeout: 5_000 });
    await tv.getByText('Mario Kart 8 · Double élimination · En cours · 9 participants').waitFor();
    const started = await Api.anonymous(baseUrl).get<{ participants: Array<{ id: string; name: string; dropped?: boolean }>; matches: Array<{ a: string | null; b: string | null; station?: string; status: string }> }>(`/api/tournaments/${id}`);
    // The one who never came is out of the draw; the nine present are in it.
    const drawn = new Set(started.matches.flatMap((m) => [m.a, m.b]).filter(Boolean));
    expect(started.participants.filter((p) => drawn.has(p.id)).map((p) => p.name).sort()).toEqual([...WALK_INS.filter((w) => w !== NO_SHOW), 'Rosalina', 'Valentine'].sort());
    expect(started.participants.find((p) => p.name === NO_SHOW)?.dropped).toBe(true);
    // Nine players padded to sixteen: byes for the top seeds, never a « Exempt / Exempt » card.
    expect(await tv.getByText('Exempt / Exempt').count()).toBe(0);
    // Two tables, each holding one match.
    expect(started.matches.filter((m) => m.station).map((m) => m.station).sort()).toEqual(['Table 1', 'Table 2']);
    // The matches waiting for a table say when they should start.
    await tv.locator('span:visible').filter({ hasText: /^vers \d{1,2} h \d{2}$/ }).first().waitFor({ timeout: 5_000 });
    const stations = tv.getByRole('region', { name: 'Postes de jeu' });
    await stations.getByText('Table 1').waitFor();
    await stations.getByText('Table 2').waitFor();

    // The two visitors, last seeds, meet in the first round: both phones say where.
    const [valentine, rosalina] = visitors as [(typeof visitors)[number], (typeof visitors)[number]];
    for (const { page } of visitors) {
      await page.goto(`/tournaments/${id}`);
      await page.getByRole('region', { name: 'Ma participation' }).getByText(/^Rendez-vous : Table [12]$/).waitFor({ timeout: 10_000 });
    }
    const mine = valentine.page.getByRole('region', { name: 'Ma participation' });
    await mine.getByText('Votre match : contre Rosalina').waitFor();
    await mine.getByLabel('Mon score').fill('3');
    await mine.getByLabel('Score de Rosalina').fill('1');
    await mine.getByRole('button', { name: 'Envoyer le score' }).click();
    await mine.getByText('Score saisi : vous 3 – 1 Rosalina. En attente de la confirmation de Rosalina.').waitFor({ timeout: 5_000 });

    // Staff confirm from the desk, which received the report live; the TV follows within a second.
    const played = desk.getByRole('group', { name: /^(Rosalina contre Valentine|Valentine contre Rosalina)/ });
    await played.getByRole('button', { name: 'Confirmer' }).click({ timeout: 5_000 });
    await tv.getByRole('group', { name: /^(Rosalina contre Valentine : 1 – 3|Valentine contre Rosalina : 3 – 1), joué$/ }).waitFor({ timeout: 2_000 });
    // Rosalina drops to the losers' bracket: her phone moves on to her next match there.
    await rosalina.page.getByRole('region', { name: 'Ma participation' }).getByText(/^(Votre match : contre|Prochain match contre)/).waitFor({ timeout: 5_000 });

    expect([...tvErrors, ...staffErrors, ...doorErrors, ...valentine.errors, ...rosalina.errors]).toEqual([]);
  });

  it('Tuesday’s quiz: a blind test in teams, 3 phones join by typing the code at /j, the host sees each answer before revealing it, the report’s CSV has a row per player and question', async () => {
    const api = await Api.staff(baseUrl);
    const questions = [
      await api.request<{ _id: string }>('POST', '/api/questions', { kind: 'text', prompt: 'Quelle ville accueille le Futuroscope ?', answers: ['Poitiers'], points: 100, timeLimitSeconds: 60 }),
      await api.request<{ _id: string }>('POST', '/api/questions', { kind: 'choices', prompt: 'Qui a chanté « Alors on danse » ?', choices: ['Angèle', 'Stromae', 'Indila', 'Zaz'], correctChoice: 1, points: 100, timeLimitSeconds: 60 }),
    ];
    const title = `Quiz du mardi ${Date.now().toString(36)}`;
    const { _id: id } = await api.request<{ _id: string }>('POST', '/api/blindTests', { title, questionIds: questions.map((q) => q._id), mode: 'answers', teams: ['Les Rouges', 'Les Bleus'], teamScore: 'mean' });

    const host = await (await context()).newPage();
    const hostErrors = consoleErrors(host);
    await signInThroughApi(host, DEMO_ACCOUNTS.staff.email);
    await host.goto(`/blindTests/${id}?animateur`);
    await host.getByRole('button', { name: 'Ouvrir la partie' }).click({ timeout: 15_000 });
    const code = (await host.getByRole('region', { name: 'Rejoindre la partie' }).getByLabel('Code de la partie').innerText({ timeout: 5_000 })).replace(/\s/g, '');

    const screen = await (await context({ viewport: { width: 1920, height: 1080 } })).newPage();
    const screenErrors = consoleErrors(screen);
    await screen.goto(`/blindTests/${id}?ecran`);
    await screen.getByRole('region', { name: 'Rejoindre la partie' }).waitFor({ timeout: 15_000 });

    // Three phones without a camera: the short address, the code, a nickname and a team.
    const players: Array<{ page: Page; nickname: string; team: string; errors: string[] }> = [];
    for (const [nickname, team] of [
      ['Aitana', 'Les Rouges'],
      ['Luigi', 'Les Bleus'],
      ['Zoé', 'Les Bleus'],
    ] as const) {
      const page = await phoneOf(context);
      const errors = consoleErrors(page);
      await page.goto('/j');
      await page.getByLabel('Le code à 6 chiffres affiché à l’écran').pressSequentially(code, { timeout: 15_000 });
      await page.getByRole('button', { name: 'Rejoindre' }).click();
      await page.waitForURL(`**/blindTests/${id}?code=${code}`, { timeout: 10_000 });
      await page.getByLabel('Pseudo').fill(nickname, { timeout: 15_000 });
      await page.getByRole('group', { name: 'Équipe' }).getByRole('radio', { name: team }).check();
      await page.getByRole('button', { name: 'Rejoindre' }).click();
      await page.getByText(`Vous jouez avec l’équipe ${team}.`, { exact: false }).waitFor({ timeout: 5_000 });
      players.push({ page, nickname, team, errors });
    }
    await screen.getByRole('list', { name: 'Joueurs' }).getByText('Zoé', { exact: true }).waitFor({ timeout: 5_000 });

    // Question 1: the host reads the expected answer before revealing it; nobody else has it.
    await host.getByRole('button', { name: 'Démarrer' }).click();
    const expected = host.getByRole('region', { name: 'Réponse attendue' });
    await expected.getByText('Poitiers').waitFor({ timeout: 5_000 });
    expect(await screen.getByText('Poitiers').count()).toBe(0);
    const [aitana, luigi, zoe] = players as [(typeof players)[number], (typeof players)[number], (typeof players)[number]];
    for (const [player, answer] of [
      [aitana, 'poitiers'],
      [luigi, 'Paris'],
      [zoe, 'Poitier'],
    ] as const) {
      await player.page.getByRole('textbox').fill(answer, { timeout: 10_000 });
      await player.page.getByRole('button', { name: 'Envoyer' }).click();
      await player.page.getByText('Réponse envoyée').waitFor({ timeout: 5_000 });
    }
    await screen.getByText('3 réponses sur 3').waitFor({ timeout: 5_000 });
    await host.getByRole('button', { name: 'Révéler la réponse' }).click();
    // The teams' board: the mean of each team's players.
    const teams = screen.getByRole('list', { name: 'Classement des équipes' });
    await teams.waitFor({ timeout: 5_000 });
    expect(await teams.getByRole('listitem').allInnerTexts()).toHaveLength(2);
    await aitana.page.getByRole('list', { name: 'Classement des équipes' }).waitFor({ timeout: 5_000 });

    // Question 2: four choices; the host sees the right one first.
    await host.getByRole('button', { name: 'Question suivante' }).click();
    await host.getByRole('region', { name: 'Réponse attendue' }).getByText('Stromae').waitFor({ timeout: 5_000 });
    for (const [player, choice] of [
      [aitana, 'Stromae'],
      [luigi, 'Stromae'],
      [zoe, 'Angèle'],
    ] as const) {
      await player.page.getByRole('group', { name: 'Réponses proposées' }).getByRole('button', { name: choice }).click({ timeout: 10_000 });
      await player.page.getByText('Réponse envoyée').waitFor({ timeout: 5_000 });
    }
    await host.getByRole('button', { name: 'Révéler la réponse' }).click();
    await host.getByRole('button', { name: 'Voir le podium' }).click({ timeout: 5_000 });
    await screen.getByRole('heading', { name: 'Le podium' }).waitFor({ timeout: 5_000 });

    // The report, from the desk: one row per player and question, in French.
    const report = host.getByRole('link', { name: 'Télécharger le rapport de la partie (CSV)' });
    const csv = await host.request.get((await report.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Question n°;Question;Joueur;Réponse;Juste;Temps (ms);Points');
    expect(lines).toHaveLength(1 + 3 * 2);
    for (const nickname of ['Aitana', 'Luigi', 'Zoé']) expect(lines.filter((line) => line.includes(nickname))).toHaveLength(2);

    expect([...hostErrors, ...screenErrors, ...players.flatMap((p) => p.errors)]).toEqual([]);
  });
});
