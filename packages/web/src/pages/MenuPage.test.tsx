import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLERGENS } from '@sortie/core';
import { FakeProductApi, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./MenuPage')]);
}, 60_000);


const MENU_ID = anId(100);
const PLACE_ID = anId(101);
const menu = {
  _id: MENU_ID, placeId: PLACE_ID, title: 'La carte du Tap Garden', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  sections: [
    { name: 'À partager', items: [
      { name: 'Planche mixte', description: 'Charcuterie et fromages', price: 1600, allergens: ['milk', 'sulphites'], tags: [] },
      { name: 'Houmous maison', description: 'Pois chiches, tahini', price: 750, allergens: ['sesame', 'gluten'], tags: ['vegan'] },
      { name: 'Omelette', description: '', price: 950, allergens: ['eggs'], tags: ['vegetarian'] },
    ] },
    { name: 'Boissons', items: [
      { name: 'Bière pression', description: '25 cl', price: 400, allergens: ['gluten'], tags: ['vegan'] },
      { name: 'Limonade artisanale', description: '33 cl', price: 350, allergens: [], tags: ['vegan'] },
    ] },
  ],
};
const api = () => new FakeProductApi().seed('menus', menu).seed('places', { _id: PLACE_ID, name: 'Le Tap Garden', address: { street: '1 rue', postalCode: '86000', city: 'Poitiers' } });
const dishes = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.firstChild!.textContent);

describe('/menus/{id}', () => {
  it('shows the menu by section with prices in euros, allergens and vegan / vegetarian marks', async () => {
    await renderApp({ path: `/menus/${MENU_ID}`, api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'La carte du Tap Garden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Le Tap Garden' }).getAttribute('href')).toBe(`/places/${PLACE_ID}`);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['À partager', 'Boissons']);
    const planche = screen.getByText('Planche mixte').closest('li')!;
    expect(within(planche).getByText('16 €')).toBeTruthy();
    expect(within(planche).getByText('Allergènes : Lait, Sulfites')).toBeTruthy();
    const houmous = screen.getByText('Houmous maison').closest('li')!;
    expect(within(houmous).getByText('7,50 €')).toBeTruthy();
    expect(within(houmous).getByText('Végan')).toBeTruthy();
    expect(within(screen.getByText('Omelette').closest('li')!).getByText('Végétarien')).toBeTruthy();
    expect(within(screen.getByText('Limonade artisanale').closest('li')!).getByText('Aucun des 14 allergènes réglementaires')).toBeTruthy();
  });

  it('offers a filter for each of the 14 regulated allergens', async () => {
    await renderApp({ path: `/menus/${MENU_ID}`, api: api() });
    const group = await screen.findByRole('group', { name: 'Masquer les plats contenant…' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(ALLERGENS.length);
    expect(ALLERGENS.length).toBe(14);
  });

  it('hides the dishes with a chosen allergen, and keeps the choice in the address', async () => {
    const { user, navigator } = await renderApp({ path: `/menus/${MENU_ID}`, api: api() });
    await user.click(await screen.findByRole('checkbox', { name: 'Gluten' }));
    expect(dishes()).toEqual(['Planche mixte', 'Omelette', 'Limonade artisanale']);
    expect(navigator.location).toBe(`/menus/${MENU_ID}?sans=gluten`);
    await user.click(screen.getByRole('checkbox', { name: 'Lait' }));
    expect(dishes()).toEqual(['Omelette', 'Limonade artisanale']);
    expect(navigator.location).toBe(`/menus/${MENU_ID}?sans=gluten%2Cmilk`);
    expect(screen.getByRole('status').textContent).toBe('3 plats masqués par vos filtres.');
    await user.click(screen.getByRole('button', { name: 'Tout afficher' }));
    expect(dishes()).toHaveLength(5);
    expect(navigator.location).toBe(`/menus/${MENU_ID}`);
  });

  it('reads the filters from the address', async () => {
    await renderApp({ path: `/menus/${MENU_ID}?sans=eggs,inconnu`, api: api() });
    await screen.findByRole('heading', { level: 1, name: 'La carte du Tap Garden' });
    expect((screen.getByRole('checkbox', { name: 'Œufs' }) as HTMLInputElement).checked).toBe(true);
    expect(dishes()).not.toContain('Omelette');
    expect(dishes()).toHaveLength(4);
  });
});
