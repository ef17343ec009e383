import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./LegalPage'), import('./LegalPrivacyPage'), import('./LegalTouPage')]);
}, 60_000);


const text = () => screen.getByRole('main').textContent ?? '';

describe('legal pages', () => {
  it('/legal names the publisher in Poitiers, the director of publication and the host, placeholders clearly marked', async () => {
    await renderApp({ path: '/legal' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions légales' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(expect.arrayContaining(['1. Éditeur', '2. Directeur de la publication', '3. Hébergeur']));
    expect(text()).toContain('Sortie SAS');
    expect(text()).toContain('86000 Poitiers');
    expect(text()).toMatch(/RCS Poitiers \[numéro à compléter\]/);
    expect(text()).toContain('loi n° 2004-575 du 21 juin 2004');
  });

  it('/legal/privacy explains purposes, legal bases, retention, cookies, rights and the CNIL', async () => {
    await renderApp({ path: '/legal/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Données personnelles et cookies' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent!.replace(/^\d+\. /, ''));
    expect(titles).toEqual(expect.arrayContaining(['Finalités et bases légales', 'Durées de conservation', 'Cookies et stockage local', 'Vos droits']));
    expect(text()).toContain('RGPD');
    expect(screen.getByRole('table', { name: 'Cookies et stockage local utilisés' }).textContent).toContain('sortie_session');
    expect(text()).toContain('3 place de Fontenoy');
    const cnil = screen.getByRole('link', { name: 'cnil.fr' });
    expect(cnil.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('/legal/tou states the terms of use, raffles included, with a table of contents and links to the other texts', async () => {
    await renderApp({ path: '/legal/tou' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' })).toBeTruthy();
    expect(text()).toContain('un tirage gratuit sans obligation d’achat');
    const toc = within(screen.getByRole('navigation', { name: 'Sommaire' }));
    expect(toc.getByRole('link', { name: 'Tombolas et jeux' }).getAttribute('href')).toBe('#tombolas');
    const others = within(screen.getByRole('navigation', { name: 'Autres textes légaux' }));
    expect(others.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/legal', '/legal/privacy']);
  });
});
