import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@sortie/core/domain';
import { FakeProductApi, aStaffUser, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../../../test/render-app';

// Issue 35: the event form's « Répétition », and the question asked when a date of a series is saved.

const staffApi = () => new FakeProductApi().signedInAs(aStaffUser());

describe('dashboard: an event that repeats', () => {
  it('makes a series from the form: every Tuesday at 20:30, 10 dates, with a pause, told in French before saving', async () => {
    const sent: unknown[] = [];
    const first = anId(31);
    const api = staffApi()
      .seed('events', anEvent({ _id: first, title: 'Quiz du mardi', startsAt: '2026-03-03T19:30:00.000Z' }))
      .serve(OPERATIONS.createSeries, ({ body }) => {
        sent.push(body);
        return { series: { _id: anId(30), rule: body.rule }, events: [first] };
      });
    const { user } = await renderApp({ path: '/dashboard/events?nouveau=1', api });
    const form = await screen.findByRole('form', { name: 'Créer' }, { timeout: 15_000 });
    await user.type(within(form).getByRole('textbox', { name: /^Titre/ }), 'Quiz du mardi');
    await user.type(within(form).getByRole('textbox', { name: /^Ville/ }), 'Poitiers');
    fireEvent.change(within(form).getByLabelText(/^Début/), { target: { value: '2026-03-03T20:30' } });
    fireEvent.change(within(form).getByLabelText(/^Fin\b(?! de la)/), { target: { value: '2026-03-03T23:00' } });

    const repeat = within(form).getByRole('group', { name: 'Répétition' });
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Se répète' }), 'Chaque semaine');
    expect(within(repeat).getByText('Choisissez au moins un jour.')).toBeTruthy();
    await user.click(within(repeat).getByRole('checkbox', { name: 'mardi' }));
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Fin de la répétition' }), 'Après un nombre de dates');
    const count = within(repeat).getByRole('spinbutton', { name: 'Nombre de dates' });
    await user.clear(count);
    await user.type(count, '10');
    await user.click(within(repeat).getByRole('button', { name: 'Ajouter une pause' }));
    fireEvent.change(within(repeat).getByLabelText('Du'), { target: { value: '2026-04-06' } });
    fireEvent.change(within(repeat).getByLabelText('Au'), { target: { value: '2026-04-19' } });
    expect(within(repeat).getByRole('status').textContent).toBe('Tous les mardis à 20 h 30, 10 dates');

    await user.click(within(form).getByRole('button', { name: 'Créer' }));
    await screen.findByRole('form', { name: 'Modifier' }, { timeout: 15_000 });
    expect(sent).toEqual([
      {
        rule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=10',
        startDate: '2026-03-03',
        startTime: '20:30',
        durationMinutes: 150,
        exceptions: [{ from: '2026-04-06', to: '2026-04-19' }],
        template: expect.objectContaining({ title: 'Quiz du mardi', city: 'Poitiers' }),
      },
    ]);
    expect(api.callsTo('create')).toEqual([]);
  });

  it('offers the Nth weekday of the month: « Le dernier samedi du mois »', async () => {
    const { user } = await renderApp({ path: '/dashboard/events?nouveau=1', api: staffApi() });
    const form = await screen.findByRole('form', { name: 'Créer' }, { timeout: 15_000 });
    fireEvent.change(within(form).getByLabelText(/^Début/), { target: { value: '2026-03-28T21:00' } });
    const repeat = within(form).getByRole('group', { name: 'Répétition' });
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Se répète' }), 'Chaque mois, le Nième jour');
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Le' }), 'dernier');
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Jour du mois' }), 'samedi');
    expect(within(repeat).getByRole('status').textContent).toBe('Le dernier samedi du mois à 21 h');
  });

  it('asks « Cette date seulement » or « Toutes les dates suivantes » when a date of a series is saved, by keyboard too', async () => {
    const seriesId = anId(40);
    const eventId = anId(41);
    const one: unknown[] = [];
    const following: unknown[] = [];
    const api = staffApi()
      .seed('events', anEvent({ _id: eventId, title: 'Quiz du mardi', city: 'Poitiers', startsAt: '2026-03-24T19:30:00.000Z', seriesId, occurrenceDate: '2026-03-24' }))
      .serve(OPERATIONS.editSeriesOccurrence, ({ path, body }) => {
        one.push([path, body]);
        // As the server answers: the whole event, its link to the series included.
        return { _id: eventId, city: 'Poitiers', startsAt: '2026-03-24T19:30:00.000Z', seriesId, occurrenceDate: '2026-03-24', detached: true, ...body };
      })
      .serve(OPERATIONS.series, () => ({
        series: { _id: seriesId, rule: 'FREQ=WEEKLY;BYDAY=TU', startDate: '2026-03-03', startTime: '20:30', status: 'active', exceptions: [{ from: '2026-04-06', to: '2026-04-19' }] },
        description: 'Tous les mardis à 20 h 30',
        pauses: [],
        upcoming: [],
        schedule: null,
      }))
      .serve(OPERATIONS.editSeriesFollowing, ({ path, body }) => {
        following.push([path, body]);
        return { series: { _id: anId(42), rule: 'FREQ=WEEKLY;BYDAY=TU' }, events: [] };
      });
    const { user } = await renderApp({ path: `/dashboard/events/${eventId}`, api });
    const form = await screen.findByRole('form', { name: 'Modifier' }, { timeout: 15_000 });
    expect(within(form).queryByRole('textbox', { name: /^Série/ })).toBeNull();
    const title = within(form).getByRole('textbox', { name: /^Titre/ });
    await user.clear(title);
    await user.type(title, 'Quiz spécial');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    let dialog = await screen.findByRole('dialog', { name: 'Modifier une date de la série' });
    expect(document.activeElement?.textContent).toMatch(/^Cette date seulement/);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect(one).toEqual([[{ id: seriesId, eventId }, expect.objectContaining({ title: 'Quiz spécial' })]]);
    expect(api.callsTo('update')).toEqual([]);

    // The section shows the series' rule and pause; a second pause is added for the following dates.
    const again = await screen.findByRole('form', { name: 'Modifier' });
    const repeat = within(again).getByRole('group', { name: 'Répétition' });
    expect((within(repeat).getByRole('combobox', { name: 'Se répète' }) as HTMLSelectElement).value).toBe('weekly');
    expect((within(repeat).getByRole('checkbox', { name: 'mardi' }) as HTMLInputElement).checked).toBe(true);
    expect((within(repeat).getByLabelText('Du') as HTMLInputElement).value).toBe('2026-04-06');
    await user.click(within(repeat).getByRole('checkbox', { name: 'jeudi' }));
    await user.type(within(again).getByRole('textbox', { name: /^Titre/ }), ' !');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifier une date de la série' });
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByText('Enregistré.');
    expect(following).toEqual([
      [
        { id: seriesId },
        expect.objectContaining({ from: '2026-03-24', startTime: '20:30', rule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH', exceptions: [{ from: '2026-04-06', to: '2026-04-19' }], template: expect.objectContaining({ title: 'Quiz spécial !' }) }),
      ],
    ]);
    expect(dialog.isConnected).toBe(false);
  });

  it('makes a lone event repeat: saved as it is, then the first date of its new series, without asking which dates', async () => {
    const eventId = anId(51);
    const sent: unknown[] = [];
    const api = staffApi()
      .seed('events', anEvent({ _id: eventId, title: 'Scène ouverte', city: 'Poitiers', startsAt: '2026-03-06T20:00:00.000Z' }))
      .serve(OPERATIONS.createSeries, ({ body }) => {
        sent.push(body);
        return { series: { _id: anId(52), rule: body.rule }, events: [] };
      });
    const { user } = await renderApp({ path: `/dashboard/events/${eventId}`, api });
    const form = await screen.findByRole('form', { name: 'Modifier' }, { timeout: 15_000 });
    const repeat = within(form).getByRole('group', { name: 'Répétition' });
    expect(within(repeat).getByRole('option', { name: 'Ne se répète pas' })).toBeTruthy();
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Se répète' }), 'Chaque mois, le Nième jour');
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Jour du mois' }), 'vendredi');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('update')).toHaveLength(1);
    expect(sent).toEqual([expect.objectContaining({ rule: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=1FR', startDate: '2026-03-06', startTime: '21:00', eventId })]);
  });
});
