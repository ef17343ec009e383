import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawWinners, entriesHashOf, RaffleProofSchema } from '@sortie/core';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { nodeDrawCrypto, seedHashOf } from '../raffles/draw';

const HOUR = 3600_000;

describe.each(BACKENDS)('a verifiable raffle draw on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let clock = Date.now();
  beforeAll(async () => {
    t = await testApp({ backend, now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie: staff }, ...(payload ? { payload } : {}) });
  /** A visitor's entry, confirmed by the link mailed to them (the raffles here take entries confirmed by e-mail): the entry's answer. */
  const enter = async (id: string, name: string) => {
    const email = `${name.toLowerCase()}-${id.slice(-6)}@exemple.fr`;
    const res = await t.app.inject({ method: 'POST', url: `/api/raffles/${id}/entries`, payload: { name, email } });
    if (res.statusCode !== 202) return res;
    const mail = t.outbox.filter((m) => m.to === email).at(-1);
    const token = /\?confirmation=([A-Za-z0-9_-]+)/.exec(mail!.text)![1];
    expect((await t.app.inject({ method: 'POST', url: `/api/raffles/${id}/entries/confirm`, payload: { token } })).statusCode).toBe(200);
    return res;
  };
  const proofOf = async (id: string) => RaffleProofSchema.parse((await t.app.inject({ method: 'GET', url: `/api/raffles/${id}/proof` })).json());
  /** A raffle open from an hour ago, closing in an hour of the test clock. */
  const newRaffle = async (over: object = {}) => {
    const res = await post('/api/raffles', {
      title: 'Tombola vérifiable', prizes: [{ name: 'Un vinyle', quantity: 1 }, { name: 'Une affiche', quantity: 2 }],
      opensAt: new Date(clock - HOUR).toISOString(), closesAt: new Date(clock + HOUR).toISOString(), status: 'open', legalBasis: 'free_draw', entryPolicy: 'emailLink', ...over,
    });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };

  it('publishes the seed’s hash once: a second commit is refused in French', async () => {
    const id = await newRaffle({ opensAt: new Date(clock + HOUR).toISOString(), closesAt: new Date(clock + 2 * HOUR).toISOString() });
    const first = await post(`/api/raffles/${id}/commit`);
    expect(first.statusCode).toBe(200);
    expect(first.json().draw).toMatchObject({ seed: null, entriesHash: null, committedAt: new Date(clock).toISOString() });
    const second = await post(`/api/raffles/${id}/commit`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'ALREADY_COMMITTED', message: 'L’empreinte du tirage est déjà publiée : elle ne peut plus changer.' });
    expect((await proofOf(id)).seedHash).toBe(first.json().draw.seedHash);
  });

  it('commits the seed at the latest with the first entry, before it is recorded', async () => {
    const id = await newRaffle();
    expect((await proofOf(id)).seedHash).toBeNull();
    expect((await enter(id, 'Ana')).statusCode).toBe(202);
    const proof = await proofOf(id);
    expect(proof.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(proof).toMatchObject({ entriesHash: null, entryIds: [], seed: null });
    expect((await post(`/api/raffles/${id}/commit`)).statusCode).toBe(409);
  });

  it('refuses entries before the opening and after the close, in French', async () => {
    const later = await newRaffle({ opensAt: new Date(clock + HOUR).toISOString(), closesAt: new Date(clock + 2 * HOUR).toISOString() });
    expect((await enter(later, 'Ana')).json()).toMatchObject({ statusCode: 409, code: 'RAFFLE_NOT_OPEN', message: 'Les participations à cette tombola ne sont pas encore ouvertes.' });
    const id = await newRaffle({ closesAt: new Date(clock + 1000).toISOString() });
    expect((await enter(id, 'Ana')).statusCode).toBe(202);
    clock += 1000;
    const late = await enter(id, 'Bruno');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'RAFFLE_CLOSED', message: 'Les participations à cette tombola sont closes.' });
    expect((await proofOf(id)).entryIds).toHaveLength(1);
  });

  it('refuses the draw before the close, then draws from the frozen list whose hash was published', async () => {
    const id = await newRaffle();
    for (const name of ['Ana', 'Bruno', 'Chloe', 'Driss']) expect((await enter(id, name)).statusCode).toBe(202);
    const early = await post(`/api/raffles/${id}/draw`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'RAFFLE_NOT_CLOSED', message: 'Le tirage n’est possible qu’après la clôture des participations.' });

    clock += 2 * HOUR;
    // At the close, before any draw: the entry list's hash is published beside the seed's.
    const closed = await proofOf(id);
    expect(closed.seed).toBeNull();
    expect(closed.entryIds).toHaveLength(4);
    expect(closed.entriesHash).toBe(await entriesHashOf(closed.entryIds, nodeDrawCrypto));
    expect((await enter(id, 'Emile')).statusCode).toBe(409);

    const drawn = await post(`/api/raffles/${id}/draw`);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json()).toMatchObject({ status: 'drawn', draw: { seedHash: closed.seedHash, entriesHash: closed.entriesHash } });
    const proof = await proofOf(id);
    expect(seedHashOf(proof.seed!)).toBe(closed.seedHash);
    // The entries drawn are exactly those whose hash was published, and the winners follow from the seed.
    const entries = (await t.app.inject({ method: 'GET', url: `/api/raffles/${id}/entries`, headers: { cookie: staff } })).json().items.map((e: { _id: string }) => e._id);
    expect(await entriesHashOf(entries, nodeDrawCrypto)).toBe(closed.entriesHash);
    expect(proof.entryIds).toEqual([...entries].sort());
    expect(proof.winners.map(({ entryId, prize }) => ({ entryId, prize }))).toEqual(await drawWinners(proof.seed!, entries, proof.prizes, nodeDrawCrypto));
    expect(proof.winners).toHaveLength(3);
    expect(JSON.stringify(proof)).not.toContain('@exemple.fr');
    expect((await post(`/api/raffles/${id}/draw`)).json()).toMatchObject({ statusCode: 409, code: 'ALREADY_DRAWN' });
  });

  it('has a closed demo raffle, committed before its entries, that staff can draw', async () => {
    const id = DEMO_IDS.closedRaffle;
    const closed = await proofOf(id);
    expect(Date.parse(closed.committedAt!)).toBeLessThan(Date.parse(closed.closesAt));
    expect(closed.entryIds).toHaveLength(6);
    expect(closed.entriesHash).toBe(await entriesHashOf(closed.entryIds, nodeDrawCrypto));
    expect((await post(`/api/raffles/${id}/draw`)).statusCode).toBe(200);
    const proof = await proofOf(id);
    expect(seedHashOf(proof.seed!)).toBe(closed.seedHash);
    expect(proof.winners.map(({ entryId, prize }) => ({ entryId, prize }))).toEqual(await drawWinners(proof.seed!, proof.entryIds, proof.prizes, nodeDrawCrypto));
    expect(proof.winners).toHaveLength(3);
  });

  it('refuses a commit after the close and a draw without a commit', async () => {
    const id = await newRaffle({ closesAt: new Date(clock + 1000).toISOString() });
    clock += 1000;
    expect((await post(`/api/raffles/${id}/commit`)).json()).toMatchObject({ statusCode: 409, code: 'RAFFLE_CLOSED' });
    expect((await post(`/api/raffles/${id}/draw`)).json()).toMatchObject({ statusCode: 409, code: 'NOT_COMMITTED' });
  });
  it('closes now a raffle that staff set to « Participations closes » before its date: the draw is possible at once', async () => {
    const id = await newRaffle({ closesAt: new Date(clock + 30 * 24 * HOUR).toISOString() });
    for (const name of ['Ana', 'Bruno']) expect((await enter(id, name)).statusCode).toBe(202);
    clock += 1000;
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/raffles/${id}`, headers: { cookie: staff }, payload: { status: 'closed' } });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closesAt: new Date(clock).toISOString() });
    expect((await t.app.inject({ method: 'GET', url: `/api/raffles/${id}` })).json()).toMatchObject({ status: 'closed', closesAt: new Date(clock).toISOString() });
    expect((await enter(id, 'Chloe')).json()).toMatchObject({ statusCode: 409, code: 'RAFFLE_CLOSED' });
    const drawn = await post(`/api/raffles/${id}/draw`);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json()).toMatchObject({ status: 'drawn' });
    expect(drawn.json().draw.winners.map((w: { name: string }) => w.name).sort()).toEqual(['Ana', 'Bruno']);
  });

  it('keeps the closing date of a raffle closed after it, and of one only renamed', async () => {
    const closesAt = new Date(clock + HOUR).toISOString();
    const id = await newRaffle({ closesAt });
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/raffles/${id}`, headers: { cookie: staff }, payload: { title: 'Tombola renommée' } });
    expect(renamed.json()).toMatchObject({ status: 'open', closesAt });
    clock += 2 * HOUR;
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/raffles/${id}`, headers: { cookie: staff }, payload: { status: 'closed' } });
    expect(closed.json()).toMatchObject({ status: 'closed', closesAt });
  });

  it('says closed in GET /api/raffles and GET /api/raffles/:id once the closing date has passed', async () => {
    const id = await newRaffle({ closesAt: new Date(clock + 1000).toISOString() });
    const statusOf = async () => {
      const list = (await t.app.inject({ method: 'GET', url: `/api/raffles?ids=${id}` })).json() as { items: Array<{ _id: string; status: string }> };
      return [list.items.find((r) => r._id === id)?.status, (await t.app.inject({ method: 'GET', url: `/api/raffles/${id}` })).json().status];
    };
    expect(await statusOf()).toEqual(['open', 'open']);
    clock += 1000;
    // A second later than the one-second cache of anonymous reads, too.
    clock += 1000;
    expect(await statusOf()).toEqual(['closed', 'closed']);
    // The list's status filter says the same: closed among the closed, no longer among the open.
    const filtered = async (status: string) => ((await t.app.inject({ method: 'GET', url: `/api/raffles?status=${status}&limit=100` })).json() as { items: Array<{ _id: string; status: string }> }).items;
    expect((await filtered('closed')).map((r) => r._id)).toContain(id);
    expect((await filtered('open')).map((r) => r._id)).not.toContain(id);
    // Every raffle listed under a status shows that status (core's raffleStatusAt and the filter agree).
    for (const status of ['draft', 'open', 'closed', 'drawn']) for (const raffle of await filtered(status)) expect(raffle.status).toBe(status);
    // Staff see it the same way.
    expect((await t.app.inject({ method: 'GET', url: `/api/raffles/${id}`, headers: { cookie: staff } })).json().status).toBe('closed');
  });

  it('tells a signed-in visitor their own entry (GET /api/raffles/:id/entries/mine), and nobody else’s', async () => {
    const id = await newRaffle({ entryPolicy: 'verified' });
    const visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const mine = (cookie?: string) => t.app.inject({ method: 'GET', url: `/api/raffles/${id}/entries/mine`, ...(cookie ? { headers: { cookie } } : {}) });
    expect((await mine()).statusCode).toBe(401);
    expect((await mine(visitor)).json()).toEqual({ entry: null });
    const entered = await t.app.inject({ method: 'POST', url: `/api/raffles/${id}/entries`, headers: { cookie: visitor }, payload: { name: 'Vivi' } });
    expect(entered.statusCode).toBe(201);
    expect((await mine(visitor)).json()).toEqual({ entry: { _id: entered.json()._id, name: 'Vivi', confirmed: true, createdAt: expect.any(String) } });
    // Staff have not entered: their own answer is empty, not the visitor's entry.
    expect((await mine(staff)).json()).toEqual({ entry: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/raffles/0123456789abcdef01234567/entries/mine', headers: { cookie: visitor } })).statusCode).toBe(404);
  });
});
