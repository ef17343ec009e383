import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

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
      expect(first.meta).toEqual({ total: 4, limit: 2, offset: 0, nextCursor: expect.any(String) });
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
    it('publishes the seed’s hash from the first entry, and neither the seed nor the entries before the close', async () => {
      const id = DEMO_IDS.raffle;
      expect((await get(`/api/raffles/${id}/proof`)).json()).toMatchObject({ algorithm: 'hmac-sha256-order', seedHash: null, seed: null, entriesHash: null, entryIds: [], winners: [] });
      for (const name of ['Ana', 'Bruno']) {
        const entered = await t.app.inject({ method: 'POST', url: `/api/raffles/${id}/entries`, payload: { name, email: `${name.toLowerCase()}@exemple.fr` } });
        // The demo raffle takes visitors' entries confirmed by a mailed link: recorded, waiting for it.
        expect(entered.statusCode).toBe(202);
      }
      const proof = (await get(`/api/raffles/${id}/proof`)).json();
      expect(proof).toMatchObject({ seed: null, entriesHash: null, entryIds: [], winners: [] });
      expect(proof.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(proof)).not.toContain('@exemple.fr');
      // The draw after the close, and the proof that redoes it: raffle-draw.routes.test.ts.
    });

    it('answers 404 in French for an unknown raffle', async () => {
      const res = await get('/api/raffles/0123456789abcdef01234567/proof');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Tombola introuvable.');
      expect((await get('/api/raffles/pas-un-id/proof')).statusCode).toBe(404);
    });
  });
});
