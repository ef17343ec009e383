import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, type AuditEntry } from '@sortie/core/domain';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../../test/render-app';

const EVENT = anId();
const ENTRIES: AuditEntry[] = [
  { id: '3', at: '2026-11-24T17:05:00.000Z', actorId: anId(), actorLabel: 'samir@ville.fr', action: 'events.update', targetType: 'events', targetId: EVENT, before: { title: 'Concert', status: 'draft' }, after: { title: 'Grand concert', status: 'published' } },
  { id: '2', at: '2026-11-24T16:00:00.000Z', actorId: anId(), actorLabel: 'alice@ville.fr', action: 'user.roles', targetType: 'users', targetId: anId(), before: { roles: [] }, after: { roles: ['staff'] } },
  { id: '1', at: '2026-11-23T09:00:00.000Z', actorId: null, actorLabel: 'sortie-admin', action: 'places.delete', targetType: 'places', targetId: anId(), before: { name: 'Salle fermée' }, after: null },
];

function withLog(entries = ENTRIES, user = aStaffUser({ roles: ['admin'] })) {
  const api = new FakeProductApi().signedInAs(user);
  api.serve(OPERATIONS.auditLog, ({ query }) => {
    const items = entries.filter((entry) => (!query?.actor || entry.actorLabel === query.actor) && (!query?.resource || entry.targetType === query.resource));
    return { total: items.length, items };
  });
  return api;
}

describe('/dashboard/audit', () => {
  it('shows who changed what and when, with the changed fields readable', async () => {
    await renderApp({ path: '/dashboard/audit', api: withLog() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Entrées du journal d’audit, les plus récentes d’abord' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['mardi 24 novembre à 18:05', 'samir@ville.fr', `modification d’événementévénement ${EVENT}`, 'Titre : Concert → Grand concertStatut : Brouillon → Publié']);
    expect(rows[1]![2]).toMatch(/^changement de rôles d’utilisateur/);
    expect(rows[1]![3]).toBe('Rôles : (vide) → Équipe');
    expect(rows[2]!.slice(1, 4)).toEqual(['sortie-admin', expect.stringMatching(/^suppression de lieu/), 'Nom : Salle fermée']);
    expect(within(table).getByRole('link', { name: `événement ${EVENT}` }).getAttribute('href')).toBe(`/dashboard/events/${EVENT}`);
  });

  it('filters by person and by resource, and says when nothing matches', async () => {
    const api = withLog();
    const { user } = await renderApp({ path: '/dashboard/audit', api });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Qui (e-mail ou identifiant)'), 'personne@ville.fr');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect(await screen.findByText('Aucune entrée ne correspond à ces filtres.')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.auditLog).at(-1)).toEqual({ query: { limit: 50, offset: 0, actor: 'personne@ville.fr' } });

    await user.click(screen.getByRole('button', { name: 'Effacer' }));
    await user.selectOptions(screen.getByLabelText('Sur quoi'), 'places');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(api.callsOf(OPERATIONS.auditLog).at(-1)).toEqual({ query: { limit: 50, offset: 0, resource: 'places' } });
  });

  it('has an empty state, and tells staff it is for admins without asking the server', async () => {
    await renderApp({ path: '/dashboard/audit', api: withLog([]) });
    expect(await screen.findByText('Le journal est vide : aucune modification enregistrée.')).toBeTruthy();

    const staffApi = withLog(ENTRIES, aStaffUser());
    await renderApp({ path: '/dashboard/audit', api: staffApi });
    expect((await screen.findAllByText('Réservé aux administrateurs.')).length).toBeGreaterThan(0);
    expect(staffApi.callsOf(OPERATIONS.auditLog)).toEqual([]);
  });
});
