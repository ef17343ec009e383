import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type Tournament } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { DEMO_TOURNAMENT_IDS } from '../demo/tournaments';
import { newId } from '../db/store';
import { freeLiveCode } from './live-codes';
import { LIVE_CODE_LOOKUPS_PER_MINUTE } from './live.routes';

/** Issue 32: `/j` and its one request, GET /api/live/byCode/{code}; tournaments' codes beside blind tests'. */
describe('GET /api/live/byCode/:code', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());

  const byCode = (code: string, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'GET', url: `/api/live/byCode/${code}`, remoteAddress });
  const tournament = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/tournaments/${id}`, headers: { cookie: staff } })).json() as Tournament;
  /** A blind test being played, its game under `code`, as the authority stores it. */
  const liveBlindTest = async (code: string) =>
    t.app.ctx.store.insert('blindtests', { ...(RESOURCES.blindtests.input.parse({ title: 'Quiz du mardi', status: 'live' }) as Record<string, unknown>), game: { code }, joinCode: code }, { id: newId() });

  it('opens a blind test being played by its code, and answers its kind and id only', async () => {
    const quiz = await liveBlindTest('482913');
    const res = await byCode('482913');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'blindTest', id: quiz._id });
  });

  it('gives a tournament created through the API a code of its own, which opens it while registration is open', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie: staff }, payload: { name: 'Mario Kart du samedi', game: 'Mario Kart 8' } });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().joinCode as string;
    expect(code).toMatch(/^\d{6}$/);
    expect((await byCode(code)).json()).toEqual({ kind: 'tournament', id: created.json()._id });
    // No request body chooses or changes it.
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${created.json()._id}`, headers: { cookie: staff }, payload: { name: 'Mario Kart', joinCode: '000000' } });
    expect(patched.json().joinCode).toBe(code);
  });

  it('gives the demo’s open and running tournaments their codes, and a finished one opens nothing', async () => {
    for (const id of [DEMO_IDS.tournament, DEMO_TOURNAMENT_IDS.dartsSwiss]) {
      const { joinCode } = await tournament(id);
      expect((await byCode(joinCode!)).json()).toEqual({ kind: 'tournament', id });
    }
    const finished = await tournament(DEMO_TOURNAMENT_IDS.kartDouble);
    expect(finished.status).toBe('finished');
    await t.app.ctx.db.query(`UPDATE tournaments SET data = jsonb_set(data, '{joinCode}', '"731904"') WHERE id = $1`, [finished._id]);
    expect((await byCode('731904')).statusCode).toBe(404);
  });

  it('answers an unknown code 404 and a malformed one 400, in French, never 500', async () => {
    const unknown = await byCode('000001');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Ce code ne correspond à aucune partie en cours.');
    for (const code of ['12345', '1234567', 'abcdef', '12%2034', '%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9']) {
      const res = await byCode(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message, code).toContain('Code invalide : il a six chiffres.');
    }
  });

  it('never draws a code a live game of the other kind holds', async () => {
    await liveBlindTest('111111');
    const { joinCode } = await tournament(DEMO_IDS.tournament);
    const draws = [111111, Number(joinCode), 222222];
    expect(await freeLiveCode(t.app.ctx.db, '', () => draws.shift()!)).toBe('222222');
    expect(draws).toEqual([]);
  });

  it('limits one address’s lookups to a bar full of phones a minute', async () => {
    for (let i = 0; i < LIVE_CODE_LOOKUPS_PER_MINUTE; i++) expect((await byCode('000001', '10.9.8.7')).statusCode).toBe(404);
    const refused = await byCode('000001', '10.9.8.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Trop de tentatives/);
    expect((await byCode('000001', '10.9.8.6')).statusCode).toBe(404);
  });
});
