import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Api, DEMO_ACCOUNTS } from './api';
import { consoleErrors, signInThroughApi, useBrowser } from './fixtures';

// Issue 32, « join without a camera »: the venue's screen and the tournament's TV show the short
// address and the 6-digit code, whole on a 1280×720 screen at 200 % text size; a phone types the
// code at /j and lands in the game; a walk-in checks in at the door from the QR code's /j/{code}.

/** Doubles the root font size, as a TV set to 200 % text size does: every rem grows twice. */
async function textAt200(page: Page): Promise<void> {
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
}

/**
 * Whether the join block is whole on screen: inside the viewport and every box that clips it,
 * and none of its texts cut (wider than its box). Answers what is wrong, in words.
 */
function joinBlockProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const block = document.querySelector('[data-join-block]');
    if (!block) return ['pas de bloc « Rejoindre la partie »'];
    const box = block.getBoundingClientRect();
    const within = (outer: { left: number; top: number; right: number; bottom: number }) => box.left >= outer.left - 0.5 && box.top >= outer.top - 0.5 && box.right <= outer.right + 0.5 && box.bottom <= outer.bottom + 0.5;
    if (!within({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) problems.push(`hors de l’écran : ${JSON.stringify(box)}`);
    for (let parent = block.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if ((style.overflowX !== 'visible' || style.overflowY !== 'visible') && !within(parent.getBoundingClientRect())) problems.push(`coupé par ${parent.tagName.toLowerCase()}.${parent.className}`);
    }
    for (const text of block.querySelectorAll<HTMLElement>('p, figcaption')) {
      if (text.scrollWidth > text.clientWidth) problems.push(`texte coupé : « ${text.textContent} » (${text.scrollWidth} > ${text.clientWidth})`);
      const own = text.getBoundingClientRect();
      if (own.right > box.right + 0.5 || own.bottom > box.bottom + 0.5) problems.push(`texte hors du bloc : « ${text.textContent} »`);
    }
    const qr = block.querySelector('img');
    if (!qr) problems.push('pas de QR code');
    return problems;
  });
}

describe('joining without a camera', () => {
  const { baseUrl, context } = useBrowser();
  const host = new URL(baseUrl).host;

  it('shows the short address and the code on a 1280×720 screen at 200 %, and a phone joins by typing the code at /j', async () => {
    const api = await Api.staff(baseUrl);
    const question = await api.request<{ _id: string }>('POST', '/api/questions', { kind: 'text', prompt: 'Quelle ville accueille le Futuroscope ?', answers: ['Poitiers'], points: 100, timeLimitSeconds: 60 });
    const title = `Quiz sans caméra ${Date.now().toString(36)}`;
    const { _id: id } = await api.request<{ _id: string }>('POST', '/api/blindTests', { title, questionIds: [question._id], mode: 'answers' });

    // The host opens the game from the desk, which shows the join block too.
    const desk = await (await context()).newPage();
    const deskErrors = consoleErrors(desk);
    await signInThroughApi(desk, DEMO_ACCOUNTS.staff.email);
    await desk.goto(`/blindTests/${id}?animateur`);
    await desk.getByRole('button', { name: 'Ouvrir la partie' }).click({ timeout: 15_000 });
    const deskCode = (await desk.getByRole('region', { name: 'Rejoindre la partie' }).getByLabel('Code de la partie').innerText({ timeout: 5_000 })).replace(/\s/g, '');
    expect(deskCode).toMatch(/^\d{6}$/);

    // The venue's screen: 1280×720, text at 200 %.
    const screen = await (await context({ viewport: { width: 1280, height: 720 } })).newPage();
    const screenErrors = consoleErrors(screen);
    await screen.goto(`/blindTests/${id}?ecran`);
    const join = screen.getByRole('region', { name: 'Rejoindre la partie' });
    await join.waitFor({ timeout: 15_000 });
    await textAt200(screen);
    const code = (await join.getByLabel('Code de la partie').innerText()).replace(/\s/g, '');
    expect(code).toBe(deskCode);
    await join.getByRole('img', { name: `QR code vers ${baseUrl}/j/${code}` }).waitFor();
    expect(await join.getByText(`${host}/j`, { exact: true }).isVisible()).toBe(true);
    expect(await joinBlockProblems(screen)).toEqual([]);
    // No 24-character id anywhere on the screen.
    expect(await screen.locator('body').innerText()).not.toContain(id);

    // A phone without a camera: the short address, then the code.
    const phone = await (await context({ viewport: { width: 390, height: 844 } })).newPage();
    // The wrong code typed on purpose below answers 404, which Chromium logs: that one only is expected.
    const phoneErrors = consoleErrors(phone, /status of 404/);
    await phone.goto('/j');
    const field = phone.getByLabel('Le code à 6 chiffres affiché à l’écran');
    await field.waitFor({ timeout: 15_000 });
    expect(await field.evaluate((el) => document.activeElement === el)).toBe(true);
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    // A wrong code first: the French message, and the page stays.
    await field.pressSequentially(code === '000000' ? '000001' : '000000');
    await phone.getByRole('button', { name: 'Rejoindre' }).click();
    await phone.getByRole('alert').getByText('Ce code ne correspond à aucune partie en cours.').waitFor({ timeout: 5_000 });
    await field.fill('');
    await field.pressSequentially(code);
    await phone.getByRole('button', { name: 'Rejoindre' }).click();
    await phone.waitForURL(`**/blindTests/${id}?code=${code}`, { timeout: 10_000 });
    expect(await phone.getByLabel('Code de la partie').inputValue({ timeout: 15_000 })).toBe(code);
    await phone.getByLabel('Pseudo').fill('Zoé');
    await phone.getByRole('button', { name: 'Rejoindre' }).click();
    await phone.getByText(/C’est bon, Zoé !/).waitFor({ timeout: 5_000 });
    await screen.getByRole('list', { name: 'Joueurs' }).getByText('Zoé', { exact: true }).waitFor({ timeout: 5_000 });
    expect(await joinBlockProblems(screen)).toEqual([]);

    expect([...deskErrors, ...screenErrors, ...phoneErrors]).toEqual([]);
  });

  it('checks a walk-in in from the TV’s QR code, the TV whole at 200 %, the desk following live', async () => {
    const api = await Api.staff(baseUrl);
    const name = `Mario Kart sans caméra ${Date.now().toString(36)}`;
    const created = await api.request<{ _id: string; joinCode: string }>('POST', '/api/tournaments', { name, game: 'Mario Kart 8', format: 'double_elimination', settings: { checkIn: true } });
    const { _id: id, joinCode: code } = created;
    expect(code).toMatch(/^\d{6}$/);

    // Staff add two walk-ins (present at once), then say Luigi is not here yet.
    const staff = await (await context()).newPage();
    const staffErrors = consoleErrors(staff);
    await signInThroughApi(staff, DEMO_ACCOUNTS.staff.email);
    await staff.goto(`/dashboard/tournaments/${id}`);
    const desk = staff.getByRole('region', { name: 'Arbitrage' });
    await desk.waitFor({ timeout: 15_000 });
    for (const walkIn of ['Luigi', 'Peach']) {
      await desk.getByLabel('Joueur sur place').fill(walkIn);
      await desk.getByRole('button', { name: 'Ajouter' }).click();
      await desk.getByRole('button', { name: `Retirer ${walkIn}` }).waitFor();
    }
    await desk.getByRole('button', { name: 'Annuler la présence de Luigi' }).click();
    await desk.getByRole('button', { name: 'Marquer Luigi présent·e' }).waitFor();
    expect(await desk.getByRole('link', { name: 'Imprimer l’affiche' }).getAttribute('href')).toBe(`/tournaments/${id}/checkIn?affiche`);

    // The TV, 1280×720 at 200 %: the join block whole, no id.
    const tv = await (await context({ viewport: { width: 1280, height: 720 } })).newPage();
    const tvErrors = consoleErrors(tv);
    await tv.goto(`/tournaments/${id}/screen`);
    const join = tv.getByRole('region', { name: 'Rejoindre la partie' });
    await join.waitFor({ timeout: 15_000 });
    await textAt200(tv);
    await join.getByRole('img', { name: `QR code vers ${baseUrl}/j/${code}` }).waitFor();
    expect(await joinBlockProblems(tv)).toEqual([]);
    expect(await tv.locator('body').innerText()).not.toContain(id);

    // Luigi scans the QR code: /j/{code} leads to the check-in, where he picks his name.
    const phone = await (await context({ viewport: { width: 390, height: 844 } })).newPage();
    const phoneErrors = consoleErrors(phone);
    await phone.goto(`/j/${code}`);
    await phone.waitForURL(`**/tournaments/${id}/checkIn`, { timeout: 15_000 });
    const names = phone.getByRole('group', { name: 'Choisissez votre nom' });
    await names.getByRole('radio', { name: 'Luigi' }).check({ timeout: 15_000 });
    expect(await names.getByRole('radio').count()).toBe(1);
    await phone.getByRole('button', { name: 'Je suis là' }).click();
    await phone.getByText('C’est noté, Luigi : vous êtes là. Bon tournoi !').waitFor({ timeout: 5_000 });
    // The desk sees it without a reload.
    await desk.getByRole('button', { name: 'Annuler la présence de Luigi' }).waitFor({ timeout: 2_000 });

    expect([...staffErrors, ...tvErrors, ...phoneErrors]).toEqual([]);
  });
});
