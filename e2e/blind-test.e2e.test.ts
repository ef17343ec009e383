import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { Api, DEMO_ACCOUNTS } from './api';
import { seriousViolations } from './browser';
import { signInThroughApi, useBrowser } from './fixtures';

// A quiz night end to end: staff build a three-question blind test through the API and run it
// from the host's desk; the venue's screen (open all along, never reloaded) shows the code,
// the players joining, each answer count rising and the leaderboard; three phones join by
// the QR code's address, answer each question in its own way and end on the podium.

const leaderboard = async (list: Locator) => (await list.getByRole('listitem').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());

describe('a live blind test', () => {
  const { baseUrl, context } = useBrowser();

  it('plays three questions from the host’s desk, the venue’s screen and three phones to the podium', async () => {
    const api = await Api.staff(baseUrl);
    const q1 = await api.request<{ _id: string }>('POST', '/api/questions', { kind: 'text', prompt: 'Quelle ville accueille le Futuroscope ?', answers: ['Poitiers'], points: 100, timeLimitSeconds: 60 });
    const q2 = await api.request<{ _id: string }>('POST', '/api/questions', { kind: 'choices', prompt: 'Qui a chanté « Tous les mêmes » ?', choices: ['Angèle', 'Stromae', 'Indila', 'Zaz'], correctChoice: 1, points: 100, timeLimitSeconds: 60 });
    const q3 = await api.request<{ _id: string }>('POST', '/api/questions', { kind: 'track', ask: 'both', title: 'Alors on danse', artist: 'Stromae', points: 100, timeLimitSeconds: 60 });
    const title = `Blind test e2e ${Date.now().toString(36)}`;
    const { _id: id } = await api.request<{ _id: string }>('POST', '/api/blindTests', { title, questionIds: [q1._id, q2._id, q3._id], mode: 'answers' });

    // The host opens the session from their desk.
    const host = await (await context()).newPage();
    await signInThroughApi(host, DEMO_ACCOUNTS.staff.email);
    await host.goto(`/blindTests/${id}?animateur`);
    const first = host.getByRole('button', { name: /^(Ouvrir la partie|Démarrer)$/ });
    await first.waitFor({ timeout: 15_000 });
    if ((await first.innerText()) === 'Ouvrir la partie') await first.click();
    await host.getByRole('button', { name: 'Démarrer' }).waitFor({ timeout: 5_000 });

    // The venue's screen, never reloaded: the code in huge type and a QR code to join with it.
    const screen = await (await context({ viewport: { width: 1920, height: 1080 } })).newPage();
    await screen.goto(`/blindTests/${id}?ecran`);
    const codeBox = screen.getByLabel('Code de la partie');
    await codeBox.waitFor({ timeout: 15_000 });
    const code = (await codeBox.innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);
    await screen.getByRole('img', { name: `QR code vers ${baseUrl}/j/${code}` }).waitFor();

    // Three phones arrive by the QR code's address, the code filled in.
    const names = ['Alex', 'Sam', 'Lou'];
    const phones: Page[] = [];
    for (const name of names) {
      const phone = await (await context({ viewport: { width: 390, height: 844 } })).newPage();
      await phone.goto(`/blindTests/${id}?code=${code}`);
      expect(await phone.getByLabel('Code de la partie').inputValue({ timeout: 15_000 })).toBe(code);
      await phone.getByLabel('Pseudo').fill(name);
      await phone.getByRole('button', { name: 'Rejoindre' }).click();
      await phone.getByText(/La partie va bientôt commencer/).waitFor({ timeout: 5_000 });
      await screen.getByRole('list', { name: 'Joueurs' }).getByText(name, { exact: true }).waitFor({ timeout: 5_000 });
      phones.push(phone);
    }
    const [alex, sam, lou] = phones as [Page, Page, Page];
    // A phone that reloads (or loses its connection) is the same player: its token is kept.
    await lou.reload();
    await lou.getByText(/C’est bon, Lou !/).waitFor({ timeout: 15_000 });
    await screen.getByRole('heading', { name: '3 joueurs' }).waitFor();
    expect((await seriousViolations(screen)).map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    expect((await seriousViolations(alex)).map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    // Question 1: a text. Each answer shows on the screen as it comes in.
    await host.getByRole('button', { name: 'Démarrer' }).click();
    await screen.getByRole('heading', { level: 1, name: 'Quelle ville accueille le Futuroscope ?' }).waitFor({ timeout: 5_000 });
    await screen.getByText('0 réponse sur 3').waitFor();
    const typeAnswer = async (phone: Page, label: string, text: string) => {
      await phone.getByLabel(label).fill(text);
      await phone.getByRole('button', { name: 'Envoyer' }).click();
      await phone.getByText('Réponse envoyée').waitFor({ timeout: 5_000 });
    };
    await typeAnswer(alex, 'Votre réponse', 'poitiers');
    await screen.getByText('1 réponse sur 3').waitFor({ timeout: 2_000 });
    await typeAnswer(sam, 'Votre réponse', 'Poitier');
    await screen.getByText('2 réponses sur 3').waitFor({ timeout: 2_000 });
    await typeAnswer(lou, 'Votre réponse', 'Niort');
    await screen.getByText('3 réponses sur 3').waitFor({ timeout: 2_000 });
    expect(await screen.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await host.getByRole('button', { name: 'Révéler la réponse' }).click();
    await screen.getByText('Poitiers', { exact: true }).waitFor({ timeout: 2_000 });
    const board = screen.getByRole('list', { name: 'Classement' });
    await board.waitFor();
    const afterOne = await leaderboard(board);
    expect(afterOne.map((row) => row.split(' ')[1])).toEqual(['Alex', 'Sam', 'Lou']);
    expect(afterOne[2]).toBe('3e Lou 0 pt');
    await alex.getByText(/^Bonne réponse ! \+\d+$/).waitFor({ timeout: 2_000 });
    await sam.getByText(/^Bonne réponse ! \+\d+$/).waitFor({ timeout: 2_000 });
    await lou.getByText('Raté', { exact: true }).waitFor({ timeout: 2_000 });
    await lou.getByText('La réponse : Poitiers').waitFor();

    // Question 2: four choices; Lou is the only one right.
    await host.getByRole('button', { name: 'Question suivante' }).click();
    await screen.getByRole('heading', { level: 1, name: 'Qui a chanté « Tous les mêmes » ?' }).waitFor({ timeout: 5_000 });
    await lou.getByRole('button', { name: /Stromae/ }).click();
    await lou.getByText('Réponse envoyée').waitFor({ timeout: 5_000 });
    await screen.getByText('1 réponse sur 3').waitFor({ timeout: 2_000 });
    await alex.getByRole('button', { name: /Angèle/ }).click();
    await screen.getByText('2 réponses sur 3').waitFor({ timeout: 2_000 });
    await sam.getByRole('button', { name: /Zaz/ }).click();
    await screen.getByText('3 réponses sur 3').waitFor({ timeout: 2_000 });
    await host.getByRole('button', { name: 'Révéler la réponse' }).click();
    await screen.getByText('Stromae', { exact: true }).waitFor({ timeout: 2_000 });
    await lou.getByText(/^Bonne réponse ! \+\d+$/).waitFor({ timeout: 2_000 });

    // Question 3: a track, the title and the artist in one box, in any order.
    await host.getByRole('button', { name: 'Question suivante' }).click();
    await screen.getByRole('heading', { level: 1, name: 'Quel est ce morceau, et qui le chante ?' }).waitFor({ timeout: 5_000 });
    await typeAnswer(sam, 'Titre et artiste', 'stromae alors on danse');
    await screen.getByText('1 réponse sur 3').waitFor({ timeout: 2_000 });
    await typeAnswer(alex, 'Titre et artiste', 'Alors on danse');
    await screen.getByText('2 réponses sur 3').waitFor({ timeout: 2_000 });
    await host.getByRole('button', { name: 'Révéler la réponse' }).click();
    await screen.getByText('Alors on danse — Stromae').waitFor({ timeout: 2_000 });
    await lou.getByText('Pas de réponse').waitFor({ timeout: 2_000 });
    const last = await leaderboard(screen.getByRole('list', { name: 'Classement' }));
    expect(last[0]!.split(' ')[1]).toBe('Sam');

    // The podium, on the screen and on every phone.
    await host.getByRole('button', { name: 'Voir le podium' }).click();
    await screen.getByRole('heading', { name: 'Le podium' }).waitFor({ timeout: 5_000 });
    const podium = screen.getByRole('region', { name: 'Podium' });
    for (const name of names) await podium.getByText(name, { exact: true }).waitFor();
    for (const phone of phones) await phone.getByText('Partie terminée !').waitFor({ timeout: 2_000 });
    await sam.getByText(/^Vous finissez 1er sur 3 avec \d+ pts\.$/).waitFor();
  });
});
