import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Api, DEMO_ACCOUNTS } from './api';
import { consoleErrors, heading, signInThroughApi, signInThroughDialog, useBrowser } from './fixtures';

const DAY = 86_400_000;

describe('a raffle closed early by staff', () => {
  const { baseUrl, context } = useBrowser();

  it('is drawn at once, and the visitor who entered, reloaded, sees « Vous participez » and then the winners', async () => {
    // A raffle open for another month, as the demo's: entries close on a date far away.
    const staffApi = await Api.staff(baseUrl);
    const title = `Tombola de Noël ${randomBytes(3).toString('hex')}`;
    const raffle = await staffApi.request<{ _id: string }>('POST', '/api/raffles', {
      title, description: 'Un panier garni à gagner.', prizes: [{ name: 'Un panier garni', quantity: 1 }],
      opensAt: new Date(Date.now() - DAY).toISOString(), closesAt: new Date(Date.now() + 30 * DAY).toISOString(), status: 'open', legalBasis: 'free_draw', entryPolicy: 'verified',
    });

    // The demo visitor enters, signed in.
    const visitor = await (await context()).newPage();
    const visitorErrors = consoleErrors(visitor);
    await visitor.goto(`/raffles/${raffle._id}`);
    expect(await heading(visitor)).toBe(title);
    await signInThroughDialog(visitor, DEMO_ACCOUNTS.visitor.email);
    await visitor.getByRole('button', { name: 'Je participe' }).click();
    await visitor.getByText('Votre participation est enregistrée. Bonne chance !').waitFor();
    // Reloaded, the page still knows: no second « Je participe ».
    await visitor.reload();
    expect(await heading(visitor)).toBe(title);
    await visitor.getByText('Vous participez à cette tombola.').waitFor({ timeout: 10_000 });
    expect(await visitor.getByRole('button', { name: 'Je participe' }).count()).toBe(0);

    // Staff set the status to « Participations closes » in the dashboard and draw at once.
    const staff = await (await context()).newPage();
    const staffErrors = consoleErrors(staff);
    await signInThroughApi(staff, DEMO_ACCOUNTS.staff.email);
    await staff.goto(`/dashboard/raffles/${raffle._id}`);
    expect(await heading(staff)).toBe(title);
    const draw = staff.getByRole('region', { name: 'Tirage au sort' });
    await draw.getByText('1 participation.', { exact: true }).waitFor();
    await draw.getByText(/^Le tirage sera possible après la clôture des participations/).waitFor();
    await staff.getByLabel('Statut').selectOption({ label: 'Participations closes' });
    await staff.getByRole('button', { name: 'Enregistrer' }).click();
    await staff.getByText('Enregistré.').waitFor();
    await draw.getByRole('button', { name: 'Lancer le tirage' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Tirer au sort' }).click();
    await draw.getByText(`${DEMO_ACCOUNTS.visitor.displayName} — Un panier garni`).waitFor({ timeout: 10_000 });
    // The list says so too, from the server's answer.
    const listed = await Api.anonymous(baseUrl).get<{ items: Array<{ _id: string; status: string; closesAt: string }> }>(`/api/raffles?ids=${raffle._id}`);
    expect(listed.items[0]).toMatchObject({ status: 'drawn' });
    expect(Date.parse(listed.items[0]!.closesAt)).toBeLessThanOrEqual(Date.now());

    // The visitor, reloaded: they take part, and the winners are there.
    await visitor.reload();
    expect(await heading(visitor)).toBe(title);
    await visitor.getByText('Vous participez à cette tombola.').waitFor({ timeout: 10_000 });
    const winners = visitor.getByRole('region', { name: 'Gagnants' });
    await winners.waitFor();
    expect(await winners.getByRole('listitem').allInnerTexts()).toEqual([`${DEMO_ACCOUNTS.visitor.displayName} — Un panier garni`]);
    await visitor.getByText('Vous avez gagné : Un panier garni. Bravo !').waitFor();
    expect(visitorErrors).toEqual([]);
    expect(staffErrors).toEqual([]);
  });
});
