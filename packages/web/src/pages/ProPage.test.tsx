import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

// The page is a lazy chunk: transform it before the first test's clock starts (2 shared cores).
beforeAll(async () => {
  await import('./ProPage');
}, 60_000);

describe('the page for professionals (/pro)', () => {
  it('says what venues and organisers get, how to start and what it costs', async () => {
    await renderApp({ path: '/pro' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sortie Pro' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Ce que vous obtenez' })).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'Comment commencer' });
    expect(within(steps).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Créez votre compte',
      'Présentez votre lieu ou votre organisation',
      'Publiez vos événements',
    ]);
    expect(within(steps).getByRole('link', { name: 'Lisez le guide des premiers pas' }).getAttribute('href')).toBe('/docs/organisateurs/premiers-pas');
    const pricing = screen.getByRole('region', { name: 'Tarifs' });
    expect(within(pricing).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Découverte', 'ProLe plus choisi', 'Réseau']);
    expect(within(pricing).getByText('29 €')).toBeTruthy();
  });

  it('opens account creation from « Créer mon espace »', async () => {
    const { user } = await renderApp({ path: '/pro' });
    await user.click(await screen.findByRole('button', { name: 'Créer mon espace' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
