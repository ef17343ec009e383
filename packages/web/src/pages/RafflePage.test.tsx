import { createHash, createHmac } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeProductApi, FakeClock, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  // The proof's checker (zod and the draw over WebCrypto) is a lazy chunk of its own: compiled here too.
  await Promise.all([import('./RafflePage'), import('../data/raffle-proof')]);
}, 60_000);


const RAFFLE_ID = anId(80);
const aRaffle = (overrides: Record<string, unknown> = {}) => ({
  _id: RAFFLE_ID, title: 'Tombola de printemps', description: 'Gagnez des places !', prizes: [{ name: 'Deux places', quantity: 1 }, { name: 'Un t-shirt', quantity: 1 }],
  opensAt: '2026-01-10T09:00:00Z', closesAt: '2026-02-10T22:00:00Z', status: 'open', legalBasis: 'free_draw', rules: 'Une participation par personne.', entryCount: 12, draw: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', ...overrides,
});
const clock = () => new FakeClock('2026-01-15T20:00:00Z');

/** The server's answer to an entry: counted at once (a verified account) or waiting for its mailed link (a visitor). */
function entering(api: FakeProductApi, confirmed = false) {
  api.answer('request', (method: string, path: string, options: { body?: unknown }) => {
    if (method === 'POST' && path === `/raffles/${RAFFLE_ID}/entries`) return { _id: anId(81), raffleId: RAFFLE_ID, name: (options.body as { name: string }).name, confirmed };
    throw new Error(`unexpected ${method} ${path}`);
  });
  return api;
}

describe('/raffles/{id}', () => {
  it('shows prizes, dates, rules and the legal basis', async () => {
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api: new FakeProductApi().seed('raffles', aRaffle()), clock: clock() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tombola de printemps' })).toBeTruthy();
    expect(screen.getByText('Tirage gratuit sans obligation d’achat')).toBeTruthy();
    expect(screen.getByText('Une participation par personne.')).toBeTruthy();
    expect(screen.getByText('samedi 10 janvier à 10:00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Lots à gagner' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Deux places × 1', 'Un t-shirt × 1']);
  });

  it('names an association lottery with its authorisation', async () => {
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api: new FakeProductApi().seed('raffles', aRaffle({ legalBasis: 'association_lottery', authorisationRef: '2026-042' })), clock: clock() });
    expect(await screen.findByText('Loterie associative autorisée par arrêté n° 2026-042')).toBeTruthy();
  });

  it('lets a visitor enter with a name and an e-mail, counted once its mailed link is followed', async () => {
    const api = entering(new FakeProductApi().seed('raffles', aRaffle({ entryPolicy: 'emailLink' })));
    const { user } = await renderApp({ path: `/raffles/${RAFFLE_ID}`, api, clock: clock() });
    expect((await screen.findByText('Qui peut participer')).nextElementSibling!.textContent).toBe('Vous recevrez un lien de confirmation par e-mail');
    await user.click(await screen.findByRole('button', { name: 'Je participe' }));
    expect(screen.getByText('Indiquez votre nom.')).toBeTruthy();
    expect(screen.getByText('Indiquez votre e-mail pour participer.')).toBeTruthy();
    expect(api.callsTo('request')).toEqual([]);
    await user.type(screen.getByLabelText('Votre nom'), 'Camille');
    await user.type(screen.getByLabelText('Votre e-mail'), 'camille@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Je participe' }));
    expect(await screen.findByText('Plus qu’une étape : confirmez votre participation.')).toBeTruthy();
    expect(screen.getByText(/Nous venons d’envoyer un lien de confirmation à votre adresse e-mail/)).toBeTruthy();
    expect(api.lastCallTo('request')).toEqual(['POST', `/raffles/${RAFFLE_ID}/entries`, { body: { name: 'Camille', email: 'camille@exemple.fr' } }]);
    expect(screen.queryByRole('button', { name: 'Je participe' })).toBeNull();
    // Not counted before its confirmation.
    expect(screen.getByText('Participations').nextElementSibling!.textContent).toBe('12');
  });

  it('enters a verified account at once, and counts it', async () => {
    const api = entering(new FakeProductApi().seed('raffles', aRaffle({ entryPolicy: 'verified' })).signedInAs(aUser({ displayName: 'Valentine' })), true);
    const { user } = await renderApp({ path: `/raffles/${RAFFLE_ID}`, api, clock: clock() });
    expect(await screen.findAllByText('Réservé aux comptes vérifiés')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Je participe' }));
    expect(await screen.findByText('Votre participation est enregistrée. Bonne chance !')).toBeTruthy();
    expect(screen.getByText(anId(81))).toBeTruthy();
    expect(api.callsTo('request').filter(([method]) => method === 'POST')).toEqual([['POST', `/raffles/${RAFFLE_ID}/entries`, { body: { name: 'Valentine' } }]]);
    expect(screen.getByText('Participations').nextElementSibling!.textContent).toBe('13');
  });

  it('tells a signed-in visitor who entered before that they take part, instead of « Je participe »', async () => {
    const api = new FakeProductApi().seed('raffles', aRaffle({ entryPolicy: 'verified' })).signedInAs(aUser({ displayName: 'Valentine' }));
    api.answer('request', (method: string, path: string) => {
      if (method === 'GET' && path === `/raffles/${RAFFLE_ID}/entries/mine`) return { entry: { _id: anId(81), name: 'Valentine', confirmed: true, createdAt: '2026-01-12T10:00:00.000Z' } };
      throw new Error(`unexpected ${method} ${path}`);
    });
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api, clock: clock() });
    expect(await screen.findByText('Vous participez à cette tombola.')).toBeTruthy();
    expect(screen.getByText(anId(81))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Je participe' })).toBeNull();
  });

  it('once drawn, tells the visitor who entered whether they won, beside the winners', async () => {
    const winners = [{ entryId: anId(81), name: 'Valentine', prize: 'Deux places' }];
    const draw = { seedHash: 'ab'.repeat(32), committedAt: '2026-01-09T10:00:00.000Z', entriesHash: 'cd'.repeat(32), seed: 'ef'.repeat(32), drawnAt: '2026-02-11T10:00:00.000Z', winners };
    const api = new FakeProductApi().seed('raffles', aRaffle({ status: 'drawn', closesAt: '2026-01-14T22:00:00Z', draw })).signedInAs(aUser({ displayName: 'Valentine' }));
    api.answer('request', (method: string, path: string) => {
      if (method === 'GET' && path === `/raffles/${RAFFLE_ID}/entries/mine`) return { entry: { _id: anId(81), name: 'Valentine', confirmed: true, createdAt: '2026-01-12T10:00:00.000Z' } };
      throw new Error(`unexpected ${method} ${path}`);
    });
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api, clock: clock() });
    expect(await screen.findByText('Vous participez à cette tombola.')).toBeTruthy();
    expect(screen.getByText('Vous avez gagné : Deux places. Bravo !')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Gagnants' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Valentine — Deux places']);
  });

  it('says « Participations closes » once the closing date has passed, even if still marked open', async () => {
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api: new FakeProductApi().seed('raffles', aRaffle({ closesAt: '2026-01-15T19:00:00Z' })), clock: clock() });
    expect(await screen.findByText('Participations closes')).toBeTruthy();
    expect(screen.getByText('Les participations sont closes. Les gagnants seront publiés ici après le tirage.')).toBeTruthy();
  });

  it('asks a visitor to sign in for a raffle reserved to verified accounts, without a form', async () => {
    const api = new FakeProductApi().seed('raffles', aRaffle({ entryPolicy: 'verified' }));
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api, clock: clock() });
    const entering = within(await screen.findByRole('region', { name: 'Participer' }));
    expect(entering.getByText('Réservé aux comptes vérifiés')).toBeTruthy();
    expect(entering.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(entering.getByRole('button', { name: 'créer un compte' })).toBeTruthy();
    expect(screen.queryByLabelText('Votre e-mail')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Je participe' })).toBeNull();
  });

  it('sends an account whose e-mail is not verified to verify it first', async () => {
    const api = new FakeProductApi().seed('raffles', aRaffle({ entryPolicy: 'verified' })).signedInAs(Object.assign(aUser({ displayName: 'Paul' }), { emailVerified: false }));
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api, clock: clock() });
    const link = await screen.findByRole('link', { name: 'vérifiez votre adresse depuis votre compte' });
    expect(link.getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('button', { name: 'Je participe' })).toBeNull();
  });

  it('shows the server’s limit on entries from one connection', async () => {
    const api = new FakeProductApi().seed('raffles', aRaffle({ entryPolicy: 'emailLink' }));
    api.fail('request', new ApiError('Trop de participations depuis votre connexion : réessayez dans 9 min.', { statusCode: 429, code: 'RATE_LIMITED' }));
    const { user } = await renderApp({ path: `/raffles/${RAFFLE_ID}`, api, clock: clock() });
    await user.type(await screen.findByLabelText('Votre nom'), 'Camille');
    await user.type(screen.getByLabelText('Votre e-mail'), 'camille@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Je participe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de participations depuis votre connexion : réessayez dans 9 min.');
  });

  describe('the link mailed to confirm an entry', () => {
    const TOKEN = 'k'.repeat(43);
    it('confirms the entry with one click, and counts it', async () => {
      const api = new FakeProductApi().seed('raffles', aRaffle({ entryPolicy: 'emailLink' })).answer('request', (method: string, path: string) => {
        if (method === 'POST' && path === `/raffles/${RAFFLE_ID}/entries/confirm`) return { _id: anId(81), name: 'Camille', confirmed: true };
        throw new Error(`unexpected ${method} ${path}`);
      });
      const { user } = await renderApp({ path: `/raffles/${RAFFLE_ID}?confirmation=${TOKEN}`, api, clock: clock() });
      expect(await screen.findByRole('heading', { name: 'Confirmer votre participation' })).toBeTruthy();
      // Opening the link alone confirms nothing (a mail scanner opens links too).
      expect(api.callsTo('request')).toEqual([]);
      expect(screen.queryByRole('button', { name: 'Je participe' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Confirmer ma participation' }));
      expect(await screen.findByText('Votre participation est confirmée. Bonne chance !')).toBeTruthy();
      expect(screen.getByText(anId(81))).toBeTruthy();
      expect(api.lastCallTo('request')).toEqual(['POST', `/raffles/${RAFFLE_ID}/entries/confirm`, { body: { token: TOKEN } }]);
      expect(screen.getByText('Participations').nextElementSibling!.textContent).toBe('13');
    });

    it('says why a link no longer works, and leads back to the raffle', async () => {
      const api = new FakeProductApi().seed('raffles', aRaffle({ entryPolicy: 'emailLink' }));
      api.fail('request', new ApiError('Cette participation est déjà confirmée. Bonne chance !', { statusCode: 409, code: 'ALREADY_CONFIRMED' }));
      const { user } = await renderApp({ path: `/raffles/${RAFFLE_ID}?confirmation=${TOKEN}`, api, clock: clock() });
      await user.click(await screen.findByRole('button', { name: 'Confirmer ma participation' }));
      const alert = within(await screen.findByRole('alert'));
      expect(alert.getByText('Cette participation est déjà confirmée. Bonne chance !')).toBeTruthy();
      expect(alert.getByRole('link', { name: 'Revenir à la tombola' }).getAttribute('href')).toBe(`/raffles/${RAFFLE_ID}`);
    });
  });

  it('enters a signed-in visitor under their name, and shows the server’s refusal of a second entry', async () => {
    const api = new FakeProductApi().seed('raffles', aRaffle()).signedInAs(aUser({ displayName: 'Valentine' }));
    api.fail('request', new ApiError('Vous participez déjà à ce tirage.', { statusCode: 409, code: 'ALREADY_ENTERED' }));
    const { user } = await renderApp({ path: `/raffles/${RAFFLE_ID}`, api, clock: clock() });
    expect(await screen.findByText('Valentine')).toBeTruthy();
    expect(screen.queryByLabelText('Votre e-mail')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Je participe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vous participez déjà à ce tirage.');
    expect(api.lastCallTo('request')).toEqual(['POST', `/raffles/${RAFFLE_ID}/entries`, { body: { name: 'Valentine' } }]);
  });

  it('takes no entry outside its dates', async () => {
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api: new FakeProductApi().seed('raffles', aRaffle({ closesAt: '2026-01-12T22:00:00Z' })), clock: clock() });
    expect(await screen.findByText('Les participations sont closes. Les gagnants seront publiés ici après le tirage.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Je participe' })).toBeNull();
  });

  it('shows the seed’s hash before the draw, but no seed', async () => {
    const seedHash = 'ab'.repeat(32);
    await renderApp({ path: `/raffles/${RAFFLE_ID}`, api: new FakeProductApi().seed('raffles', aRaffle({ draw: { seedHash, seed: null, drawnAt: null, winners: [] } })), clock: clock() });
    expect(await screen.findByText(seedHash)).toBeTruthy();
    expect(screen.getByText('L’empreinte de la liste des participations sera publiée à la clôture.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vérifier le tirage' })).toBeNull();
  });

  describe('once drawn', () => {
    const seed = 'c0ffee'.repeat(10);
    const entryIds = [anId(90), anId(91), anId(92)];
    const order = [...entryIds].sort((a, b) => (createHmac('sha256', seed).update(a).digest('hex') < createHmac('sha256', seed).update(b).digest('hex') ? -1 : 1));
    const winners = [
      { entryId: order[0]!, prize: 'Deux places', name: 'Ana' },
      { entryId: order[1]!, prize: 'Un t-shirt', name: 'Bruno' },
    ];
    const seedHash = createHash('sha256').update(seed).digest('hex');
    const entriesHash = createHash('sha256').update([...entryIds].sort().join('\n')).digest('hex');
    const drawn = (overrides: Record<string, unknown> = {}) =>
      aRaffle({ status: 'drawn', draw: { seedHash, committedAt: '2026-01-09T09:00:00Z', entriesHash, seed, drawnAt: '2026-02-11T10:00:00Z', winners, ...overrides } });
    // The server's proof (core's RaffleProofSchema): the browser checks it with core's code over WebCrypto.
    const proofApi = (raffle: ReturnType<typeof aRaffle>) =>
      new FakeProductApi().seed('raffles', raffle).answer('request', (method: string, path: string) => {
        const draw = raffle.draw as unknown as { seedHash: string; entriesHash: string; winners: typeof winners };
        if (method === 'GET' && path === `/raffles/${RAFFLE_ID}/proof`)
          return { algorithm: 'hmac-sha256-order', seedHash: draw.seedHash, committedAt: '2026-01-09T09:00:00Z', closesAt: raffle.closesAt, entriesHash: draw.entriesHash, entriesHashMethod: '…', seed, drawnAt: '2026-02-11T10:00:00Z', prizes: raffle.prizes, entryIds, winners: draw.winners };
        throw new Error(`unexpected ${method} ${path}`);
      });

    it('lists the winners, the hash and the seed, and checks the draw in the browser', async () => {
      const { user } = await renderApp({ path: `/raffles/${RAFFLE_ID}`, api: proofApi(drawn()), clock: clock() });
      const list = within(await screen.findByRole('region', { name: 'Gagnants' }));
      expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ana — Deux places', 'Bruno — Un t-shirt']);
      expect(screen.getByText(seed)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Vérifier le tirage' }));
      expect(await screen.findByText('✓ La graine correspond à l’empreinte publiée avant le tirage.')).toBeTruthy();
      expect(screen.getByText('✓ La liste des participations correspond à l’empreinte publiée à la clôture.')).toBeTruthy();
      expect(screen.getByText('✓ Le tirage refait dans votre navigateur donne les mêmes gagnants.')).toBeTruthy();
    });

    it('says in plain French what a participant can verify and what they must still trust', async () => {
      await renderApp({ path: `/raffles/${RAFFLE_ID}`, api: proofApi(drawn()), clock: clock() });
      const guarantees = within(await screen.findByRole('region', { name: 'Ce que vous pouvez vérifier' }));
      expect(guarantees.getByText(/correspond à l’empreinte publiée avant la clôture/)).toBeTruthy();
      expect(guarantees.getByText(/sans participation ajoutée ni retirée/)).toBeTruthy();
      expect(guarantees.getByText(/n’a pas ajouté de fausses participations avant la clôture/)).toBeTruthy();
      expect(guarantees.getByText('Que la graine a vraiment été tirée au hasard.')).toBeTruthy();
      expect(guarantees.getByText('Que les lots sont bien remis aux gagnants.')).toBeTruthy();
    });

    it('says so when the seed does not match the published hash, or the winners were changed', async () => {
      const forged = drawn({ seedHash: 'f'.repeat(64), entriesHash: 'e'.repeat(64), winners: [{ ...winners[0]!, entryId: order[2]! }, winners[1]] });
      const { user } = await renderApp({ path: `/raffles/${RAFFLE_ID}`, api: proofApi(forged), clock: clock() });
      await user.click(await screen.findByRole('button', { name: 'Vérifier le tirage' }));
      expect(await screen.findByText('✗ La graine NE correspond PAS à l’empreinte publiée.')).toBeTruthy();
      expect(screen.getByText('✗ La liste des participations NE correspond PAS à l’empreinte publiée à la clôture.')).toBeTruthy();
      expect(screen.getByText('✗ Le tirage refait donne d’autres gagnants que ceux publiés.')).toBeTruthy();
    });
  });
});
