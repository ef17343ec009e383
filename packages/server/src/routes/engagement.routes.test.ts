import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { drawWinners, seedHashOf } from '../raffles/draw';

describe.each(BACKENDS)('engagement routes on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  beforeAll(async () => {
    t = await testApp({ backend });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('GET /api/jobOffers/open', () => {
    it('filters by contract and by city, case-insensitively', async () => {
      const cdi = (await get('/api/jobOffers/open?contract=CDI')).json();
      expect(cdi.items.map((o: { title: string }) => o.title)).toEqual(['Barman / barmaid']);
      const tours = (await get('/api/jobOffers/open?city=tours')).json();
      expect(tours.items.map((o: { city: string }) => o.city)).toEqual(['Tours']);
      expect((await get('/api/jobOffers/open?contract=CDI&city=Tours')).json().meta.total).toBe(0);
    });

    it('paginates and leaves expired offers out', async () => {
      const first = (await get('/api/jobOffers/open?limit=2')).json();
      expect(first.meta).toEqual({ total: 4, limit: 2, offset: 0 });
      expect(first.items).toHaveLength(2);
      const expired = await t.app.inject({
        method: 'POST', url: '/api/jobOffers', headers: { cookie: staff },
        payload: { title: 'Offre expirée', contract: 'CDI', city: 'Poitiers', applyEmail: 'a@exemple.fr', publishedAt: new Date(Date.now() - 9e8).toISOString(), expiresAt: new Date(Date.now() - 1000).toISOString() },
      });
      expect(expired.statusCode).toBe(201);
      expect((await get('/api/jobOffers/open?limit=100')).json().items.map((o: { title: string }) => o.title)).not.toContain('Offre expirée');
    });

    it('refuses an unknown contract in French, without a 500', async () => {
      const res = await get('/api/jobOffers/open?contract=esclave');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/contrat|invalide/i);
    });
  });

  describe('GET /api/raffles/{id}/proof', () => {
    it('reveals nothing but the hash before the draw, then the seed and the entry ids that let anyone redo it', async () => {
      const id = DEMO_IDS.raffle;
      for (const name of ['Ana', 'Bruno', 'Chloe', 'Driss']) {
        const entered = await t.app.inject({ method: 'POST', url: `/api/raffles/${id}/entries`, payload: { name, email: `${name.toLowerCase()}@exemple.fr` } });
        expect(entered.statusCode).toBe(201);
      }
      expect((await get(`/api/raffles/${id}/proof`)).json()).toMatchObject({ seedHash: null, seed: null, entryIds: [], winners: [] });
      const committed = (await t.app.inject({ method: 'POST', url: `/api/raffles/${id}/commit`, headers: { cookie: staff } })).json();
      const before = (await get(`/api/raffles/${id}/proof`)).json();
      expect(before).toMatchObject({ seedHash: committed.draw.seedHash, seed: null, entryIds: [] });
      expect((await t.app.inject({ method: 'POST', url: `/api/raffles/${id}/draw`, headers: { cookie: staff } })).statusCode).toBe(200);
      const proof = (await get(`/api/raffles/${id}/proof`)).json();
      expect(seedHashOf(proof.seed)).toBe(proof.seedHash);
      expect(proof.entryIds).toHaveLength(4);
      const redone = drawWinners(proof.seed, proof.entryIds.map((entryId: string) => ({ entryId, name: '' })), proof.prizes);
      expect(redone.map((w) => [w.entryId, w.prize])).toEqual(proof.winners.map((w: { entryId: string; prize: string }) => [w.entryId, w.prize]));
      expect(JSON.stringify(proof)).not.toContain('@exemple.fr');
    });

    it('answers 404 in French for an unknown raffle', async () => {
      const res = await get('/api/raffles/0123456789abcdef01234567/proof');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Tombola introuvable.');
      expect((await get('/api/raffles/pas-un-id/proof')).statusCode).toBe(404);
    });
  });
});
