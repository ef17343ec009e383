import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPOTIFY_TOKEN_KEY } from '@sortie/core';
import { FakeProductApi, FakeTokenStore, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

const staffApi = () => new FakeProductApi().signedInAs(aStaffUser());
/** The questions of a blind test's list as staff read them, « 1.Titre », without the drag handle and the row's buttons. */
const rowsOf = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.textContent?.replace(/^⠿/, '').replace(/↑↓Retirer$/, ''));
const announced = () => screen.getAllByRole('status').map((status) => status.textContent);

describe('dashboard: a question by its kind', () => {
  it('edits four answers and the right one, then turns the question into an extract with its track and audio file', async () => {
    const id = anId();
    const api = staffApi().seed('questions', { _id: id, kind: 'choices', prompt: 'Qui a chanté « Tous les mêmes » ?', choices: ['Angèle', 'Stromae', 'Indila', 'Zaz'], correctChoice: 0, points: 100, timeLimitSeconds: 20, ask: 'both', answers: [], offsetSeconds: 0 });
    const { user } = await renderApp({ path: `/dashboard/questions/${id}`, api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Qui a chanté « Tous les mêmes » ?' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Quatre réponses/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Titre attendu')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Réponse B' }) as HTMLInputElement).value).toBe('Stromae');
    await user.click(screen.getByRole('radio', { name: 'Bonne réponse : B' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Temps pour répondre (secondes)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Temps pour répondre (secondes)' }), '30');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect((api.lastCallTo('update') as unknown[])[2]).toMatchObject({ kind: 'choices', choices: ['Angèle', 'Stromae', 'Indila', 'Zaz'], correctChoice: 1, timeLimitSeconds: 30 });

    await user.click(screen.getByRole('radio', { name: /Extrait musical/ }));
    expect(screen.queryByRole('textbox', { name: 'Réponse B' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Titre attendu' }), 'Alors on danse');
    await user.type(screen.getByRole('textbox', { name: 'Artiste attendu' }), 'Stromae');
    await user.click(screen.getByRole('radio', { name: 'Le titre' }));
    await user.type(screen.getByRole('textbox', { name: 'Morceau Spotify (spotify:track:…)' }), 'spotify:track:5Bb6X8lBcEYRN4tZQwJqRf');
    await user.type(screen.getByRole('textbox', { name: /^Fichier audio/ }), '/demo/alors-on-danse.mp3');
    await user.type(screen.getByRole('spinbutton', { name: 'Début de l’extrait (secondes)' }), '42');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    const body = (api.lastCallTo('update') as unknown[])[2] as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'track', title: 'Alors on danse', artist: 'Stromae', ask: 'title', trackUri: 'spotify:track:5Bb6X8lBcEYRN4tZQwJqRf', audioUrl: '/demo/alors-on-danse.mp3', offsetSeconds: 42 });
    expect(body).not.toHaveProperty('choices');
    expect(body).not.toHaveProperty('correctChoice');
  });

  it('creates a text question with its accepted answers, one per line', async () => {
    const api = staffApi();
    const { user } = await renderApp({ path: '/dashboard/questions?nouveau=1', api });
    const form = await screen.findByRole('form', { name: 'Créer' });
    expect((within(form).getByRole('radio', { name: /Réponse libre/ }) as HTMLInputElement).checked).toBe(true);
    await user.type(within(form).getByRole('textbox', { name: 'Question' }), 'Quelle ville accueille le Futuroscope ?');
    await user.type(within(form).getByRole('textbox', { name: 'Réponses acceptées (une par ligne)' }), 'Poitiers{Enter}Chasseneuil-du-Poitou');
    await user.click(within(form).getByRole('button', { name: 'Créer' }));
    expect(api.lastCallTo('create')).toMatchObject(['questions', { kind: 'text', prompt: 'Quelle ville accueille le Futuroscope ?', answers: ['Poitiers', 'Chasseneuil-du-Poitou'] }]);
  });
});

describe('dashboard: a blind test', () => {
  it('orders its questions, adds one by search, chooses the buzzer and its penalty, and links to the live pages', async () => {
    const id = anId();
    const [q1, q2, q3] = [anId(), anId(), anId()];
    const api = staffApi()
      .seed('questions', { _id: q1, kind: 'text', prompt: 'Capitale de la Vienne ?' }, { _id: q2, kind: 'track', title: 'Alors on danse' }, { _id: q3, kind: 'text', prompt: 'Le Futuroscope ?' })
      .seed('blindtests', { _id: id, title: 'Quiz du jeudi', questionIds: [q1, q2], status: 'draft', mode: 'answers', slowestShare: 0.5, streakBonus: 0, wrongBuzzPenalty: 0 });
    const { user } = await renderApp({ path: `/dashboard/blindtests/${id}`, api });
    const list = await screen.findByRole('list', { name: 'Questions, dans l’ordre' });
    expect(await within(list).findByText('Alors on danse')).toBeTruthy();
    expect(rowsOf(list)).toEqual(['1.Capitale de la Vienne ?', '2.Alors on danse']);
    await user.click(screen.getByRole('button', { name: 'Monter le n° 2' }));
    expect(rowsOf(list)).toEqual(['1.Alors on danse', '2.Capitale de la Vienne ?']);
    await user.type(screen.getByRole('combobox', { name: 'Ajouter une question' }), 'Futuro');
    await user.click(await screen.findByRole('option', { name: 'Le Futuroscope ?' }));
    expect(await within(list).findByText('Le Futuroscope ?')).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: 'Pénalité d’un mauvais buzz (points)' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Buzzer/ }));
    await user.type(screen.getByRole('spinbutton', { name: 'Pénalité d’un mauvais buzz (points)' }), '5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect((api.lastCallTo('update') as unknown[])[2]).toMatchObject({ questionIds: [q2, q1, q3], mode: 'buzzer', wrongBuzzPenalty: 5 });
    const live = await screen.findByRole('region', { name: 'Partie en direct' });
    expect(within(live).getByRole('link', { name: 'Animer la partie' }).getAttribute('href')).toBe(`/blindTests/${id}?animateur`);
    expect(within(live).getByRole('link', { name: 'Écran du lieu' }).getAttribute('href')).toBe(`/blindTests/${id}?ecran`);
  });

  it('moves its questions with Alt+↑ ↓ and by drag like the other ordered lists, removes one, and saves that order', async () => {
    const id = anId();
    const [q1, q2, q3, q4] = [anId(), anId(), anId(), anId()];
    const api = staffApi()
      .seed('questions', { _id: q1, kind: 'text', prompt: 'Capitale de la Vienne ?' }, { _id: q2, kind: 'track', title: 'Alors on danse' }, { _id: q3, kind: 'text', prompt: 'Le Futuroscope ?' }, { _id: q4, kind: 'text', prompt: 'Question en double' })
      .seed('blindtests', { _id: id, title: 'Quiz du jeudi', questionIds: [q1, q2, q4, q3], status: 'draft', mode: 'answers', slowestShare: 0.5, streakBonus: 0, wrongBuzzPenalty: 0 });
    const { user } = await renderApp({ path: `/dashboard/blindtests/${id}`, api });
    const list = await screen.findByRole('list', { name: 'Questions, dans l’ordre' });
    expect(await within(list).findByText('Le Futuroscope ?')).toBeTruthy();
    expect(screen.getByText('Questions (4), dans l’ordre de jeu')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retirer le n° 3' }));
    expect(rowsOf(list)).toEqual(['1.Capitale de la Vienne ?', '2.Alors on danse', '3.Le Futuroscope ?']);
    expect(screen.getByText('Questions (3), dans l’ordre de jeu')).toBeTruthy();
    expect(announced()).toContain('Retiré de Questions.');

    within(list).getAllByRole('listitem')[2]!.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(rowsOf(list)).toEqual(['1.Capitale de la Vienne ?', '2.Le Futuroscope ?', '3.Alors on danse']);
    expect(announced()).toContain('Déplacé en position 2 sur 3.');
    expect(document.activeElement?.textContent).toContain('Le Futuroscope ?');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(rowsOf(list)).toEqual(['1.Le Futuroscope ?', '2.Capitale de la Vienne ?', '3.Alors on danse']);
    expect(announced()).toContain('Déplacé en position 1 sur 3.');

    const rows = within(list).getAllByRole('listitem');
    fireEvent.dragStart(rows[2]!, { dataTransfer: { effectAllowed: '' } });
    fireEvent.dragOver(rows[1]!);
    fireEvent.drop(rows[1]!);
    expect(rowsOf(list)).toEqual(['1.Le Futuroscope ?', '2.Alors on danse', '3.Capitale de la Vienne ?']);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect(((api.lastCallTo('update') as unknown[])[2] as { questionIds: string[] }).questionIds).toEqual([q3, q2, q1]);
  });

  it('appends one track question per track of a Spotify playlist the host picks, reorderable as the others', async () => {
    const id = anId();
    const q1 = anId();
    const api = staffApi()
      .seed('questions', { _id: q1, kind: 'text', prompt: 'Capitale de la Vienne ?' })
      .seed('blindtests', { _id: id, title: 'Quiz du jeudi', questionIds: [q1], status: 'draft', mode: 'answers', slowestShare: 0.5, streakBonus: 0, wrongBuzzPenalty: 0 });
    const tokens = new FakeTokenStore();
    tokens.set(SPOTIFY_TOKEN_KEY, JSON.stringify({ access_token: 'access-old', refresh_token: 'refresh-1' }));
    const { user } = await renderApp({ path: `/dashboard/blindtests/${id}`, api, tokens });
    const list = await screen.findByRole('list', { name: 'Questions, dans l’ordre' });
    await user.click(screen.getByRole('button', { name: 'Importer une playlist Spotify' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Playlist' }), 'Soirée (3 morceaux)');
    await user.click(screen.getByRole('button', { name: 'Ajouter ses morceaux' }));
    expect((await within(screen.getByRole('group', { name: 'Importer une playlist Spotify' })).findByRole('status')).textContent).toBe('3 questions ajoutées depuis « Soirée ». Enregistrez pour les garder dans le blind test.');
    expect(await within(list).findByText('Tous les mêmes')).toBeTruthy();
    expect(rowsOf(list)).toEqual(['1.Capitale de la Vienne ?', '2.Alors on danse - Radio Edit', '3.Wake Me Up', '4.Tous les mêmes']);
    await user.click(screen.getByRole('button', { name: 'Monter le n° 4' }));
    expect(rowsOf(list)).toEqual(['1.Capitale de la Vienne ?', '2.Alors on danse - Radio Edit', '3.Tous les mêmes', '4.Wake Me Up']);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    const created = api.callsTo('create').map((call) => call[1] as { trackUri: string; offsetSeconds: number; kind: string });
    expect(created.map((q) => [q.kind, q.trackUri, q.offsetSeconds])).toEqual([
      ['track', 'spotify:track:5Bb6X8lBcEYRN4tZQwJqRf', 30],
      ['track', 'spotify:track:0nrRP2bk19rLc0orkWPQk2', 30],
      ['track', 'spotify:track:3AJwUDP919kvQ9QcozQPxg', 30],
    ]);
    const saved = (api.lastCallTo('update') as unknown[])[2] as { questionIds: string[]; playlistUri: string };
    expect(saved.questionIds).toHaveLength(4);
    expect(saved.questionIds[0]).toBe(q1);
    expect(saved.playlistUri).toBe('spotify:playlist:pl1');
  });

  it('offers to connect Spotify first when the host is not signed in', async () => {
    const id = anId();
    const api = staffApi().seed('blindtests', { _id: id, title: 'Quiz du jeudi', questionIds: [], status: 'draft', mode: 'answers', slowestShare: 0.5, streakBonus: 0, wrongBuzzPenalty: 0 });
    await renderApp({ path: `/dashboard/blindtests/${id}`, api });
    expect(await screen.findByRole('button', { name: 'Connecter Spotify pour importer une playlist' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Importer une playlist Spotify' })).toBeNull();
  });
});
