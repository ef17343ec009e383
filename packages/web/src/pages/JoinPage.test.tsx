import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NotFoundError, OPERATIONS } from '@sortie/core/domain';
import { anId, FakeClock, FakeProductApi } from '@sortie/core/testing';
import { aGame, BlindTestServerSocket } from '../features/blind-tests/testing';
import { renderApp } from '../test/render-app';

beforeAll(async () => {
  await import('./JoinPage');
  await import('./BlindTestPage');
}, 60_000);

const QUIZ = anId(7);
const CUP = anId(8);
/** The server's lookup: 482913 is a blind test being played, 731904 a tournament; anything else unknown. */
const server = () =>
  new FakeProductApi().serve(OPERATIONS.liveByCode, ({ path: { code } }) => {
    if (code === '482913') return { kind: 'blindTest' as const, id: QUIZ };
    if (code === '731904') return { kind: 'tournament' as const, id: CUP };
    throw new NotFoundError('Ce code ne correspond à aucune partie en cours.');
  });

describe('/j, joining by the code on the screen (issue 32)', () => {
  it('is one big numeric field, focused, that keeps only six digits, then goes to the blind test with the code filled in', async () => {
    const api = server();
    const clock = new FakeClock();
    const { user, navigator } = await renderApp({ path: '/j', api, clock, socket: new BlindTestServerSocket(aGame(), clock) });
    const field = screen.getByLabelText('Le code à 6 chiffres affiché à l’écran') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(field, '482 9134');
    expect(field.value).toBe('482913');
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    await screen.findByRole('form', { name: 'Rejoindre la partie' });
    expect(navigator.location).toBe(`/blindTests/${QUIZ}?code=482913`);
    expect(navigator.navigations.at(-1)).toEqual({ path: `/blindTests/${QUIZ}?code=482913`, replace: true });
    expect((screen.getByLabelText('Code de la partie') as HTMLInputElement).value).toBe('482913');
    expect(api.callsOf(OPERATIONS.liveByCode)).toEqual([{ path: { code: '482913' } }]);
  });

  it('says in French when no game has the code, and lets the player type it again', async () => {
    const { user, navigator } = await renderApp({ path: '/j', api: server() });
    const field = screen.getByLabelText('Le code à 6 chiffres affiché à l’écran');
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce code ne correspond à aucune partie en cours.');
    expect(navigator.location).toBe('/j');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    expect(screen.getByRole('alert').textContent).toBe('Code invalide : il a six chiffres.');
  });

  it('shows that it is looking while the server answers, and what a busy network says', async () => {
    const api = server();
    let answer!: () => void;
    api.serve(OPERATIONS.liveByCode, () => new Promise((resolve, reject) => (answer = () => reject(new ApiError('Service indisponible', { statusCode: 503 })))));
    const { user } = await renderApp({ path: '/j', api });
    await user.type(screen.getByLabelText('Le code à 6 chiffres affiché à l’écran'), '482913');
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    const waiting = screen.getByRole('button', { name: 'Recherche de la partie…' }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    answer();
    expect((await screen.findByRole('alert')).textContent).toBe('Connexion impossible : vérifiez le réseau, puis réessayez.');
    expect((screen.getByRole('button', { name: 'Rejoindre' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('resolves the QR code’s /j/{code} at once: a tournament leads to its check-in', async () => {
    const { navigator } = await renderApp({ path: '/j/731904', api: server() });
    await waitFor(() => expect(navigator.navigations.at(-1)).toEqual({ path: `/tournaments/${CUP}/checkIn`, replace: true }));
  });

  it('keeps a mistyped /j/{code} on the form, with the code and why', async () => {
    const api = server();
    const { navigator } = await renderApp({ path: '/j/48291', api });
    expect((await screen.findByRole('alert')).textContent).toBe('Code invalide : il a six chiffres.');
    expect((screen.getByLabelText('Le code à 6 chiffres affiché à l’écran') as HTMLInputElement).value).toBe('48291');
    expect(navigator.location).toBe('/j/48291');
    expect(api.callsOf(OPERATIONS.liveByCode)).toEqual([]);
  });
});
