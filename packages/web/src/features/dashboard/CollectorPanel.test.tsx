import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { OPERATIONS } from '@sortie/core/domain';
import { renderApp } from '../../test/render-app';

const run = (over: Record<string, unknown>) => ({ startedAt: '2026-03-02T09:00:00.000Z', finishedAt: '2026-03-02T09:00:01.000Z', outcome: 'succeeded', found: 0, created: 0, updated: 0, skipped: 0, error: null, ...over });

describe('a collector in the dashboard', () => {
  it('runs now and shows the last runs’ results, failures in French', async () => {
    const id = anId();
    const collector = { _id: id, name: 'Agenda du Confort', source: { kind: 'ics', url: 'https://example.org/agenda.ics' }, city: 'Poitiers', categoryMap: [], schedule: '@daily', autoPublish: true, lastRunAt: null, lastResult: null, runs: [run({ outcome: 'failed', error: 'Source injoignable (example.org) : ENOTFOUND.' })] };
    const api = new FakeProductApi().signedInAs(aStaffUser()).seed('collectors', collector);
    api.serve(OPERATIONS.runCollector, async () => {
      // The server keeps the run in the collector's history: the page reads it again.
      return api.update('collectors', id, { runs: [run({ startedAt: '2026-03-02T10:00:00.000Z', found: 13, created: 13 }), ...collector.runs] });
    });
    const { user } = await renderApp({ path: `/dashboard/collectors/${id}`, api });
    const panel = await screen.findByRole('region', { name: 'Collecte' });
    expect(within(panel).getByText('Échec : Source injoignable (example.org) : ENOTFOUND.')).toBeTruthy();
    // The form offers the source's kind in French.
    expect(await screen.findByRole('option', { name: 'Flux iCalendar' })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Lancer maintenant' }));
    expect(await within(panel).findByText('13 trouvé(s), 13 créé(s), 0 mis à jour, 0 inchangé(s)')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.runCollector)).toEqual([{ path: { id } }]);
  });

  it('lists what a scrape found, each event linked', async () => {
    const id = anId();
    const eventId = anId();
    const api = new FakeProductApi()
      .signedInAs(aStaffUser())
      .seed('scrape', { _id: id, collectorId: anId(), url: 'https://example.org/programme', status: 'succeeded', startedAt: null, finishedAt: null, itemsFound: 2, errors: [], findings: [
        { title: 'Nuit électro', startsAt: '2026-03-11T21:00:00.000Z', eventId, outcome: 'created' },
        { title: 'Quiz du jeudi', startsAt: null, outcome: 'skipped' },
      ] });
    await renderApp({ path: `/dashboard/scrape/${id}`, api });
    const panel = await screen.findByRole('region', { name: 'Ce que la collecte a trouvé' });
    expect(within(panel).getByRole('link', { name: 'Nuit électro' }).getAttribute('href')).toBe(`/dashboard/events/${eventId}`);
    expect(within(panel).getByText('(Inchangé)')).toBeTruthy();
  });
});
