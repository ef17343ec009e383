import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('/legal/privacy: the export and the deletion of an account', () => {
  it('describes what « Mes données » gives and deletes, under articles 15, 17 and 20 of the GDPR, with a contact', async () => {
    await renderApp({ path: '/legal/privacy' });
    const heading = await screen.findByRole('heading', { level: 2, name: /Télécharger ou supprimer vos données/ });
    const section = within(heading.closest('section')!);
    const text = heading.closest('section')!.textContent!;
    expect(text).toContain('articles 15 et 20');
    expect(text).toContain('article 17');
    expect(text).toContain('sortie-mes-donnees.json');
    expect(text).toContain('moins de 5 minutes');
    expect(text).toContain('« compte supprimé »');
    expect(section.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/account');
    expect(section.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    // In the table of contents, before the rights one writes to us for.
    const toc = within(screen.getByRole('navigation', { name: 'Sommaire' }));
    const entries = toc.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(entries.indexOf('#vos-donnees')).toBe(entries.indexOf('#droits') - 1);
  });
});
