import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tournament } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { DEMO_TOURNAMENT_IDS } from '../demo/tournaments';

/** Issue 32: a tournament's PATCH changes its settings; the bracket changes through its actions, the format while registration is open. */
describe('PATCH /api/tournaments/:id', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());

  const patch = (id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}`, headers: { cookie: staff }, payload });
  const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/tournaments/${id}`, headers: { cookie: staff } })).json() as Tournament;

  it('refuses a patch that changes the matches mid-tournament, in French, and keeps the night as it was', async () => {
    const running = await get(DEMO_TOURNAMENT_IDS.dartsSwiss);
    expect(running.status).toBe('running');
    const rewritten = running.matches.map((m) => ({ ...m, winner: m.a, scoreA: 9, scoreB: 0 }));
    const res = await patch(running._id, { name: 'Fléchettes', matches: rewritten });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Le tableau ne change que par les actions du tournoi (score, annulation…).');
    const after = await get(running._id);
    expect(after.matches).toEqual(running.matches);
    expect(after.name).toBe(running.name);
  });

  it('refuses a change of format once registration is closed', async () => {
    const res = await patch(DEMO_TOURNAMENT_IDS.dartsSwiss, { format: 'round_robin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Le format ne change plus une fois les inscriptions closes.');
    expect((await get(DEMO_TOURNAMENT_IDS.dartsSwiss)).format).toBe('swiss');
  });

  it('saves a change of settings of a running tournament, and a record sent back whole with its bracket as stored', async () => {
    const running = await get(DEMO_TOURNAMENT_IDS.dartsSwiss);
    const res = await patch(running._id, { name: 'Fléchettes du jeudi', settings: { ...running.settings, matchMinutes: 20 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Fléchettes du jeudi', settings: { matchMinutes: 20 }, status: 'running', matches: running.matches });
    const whole = await patch(running._id, { name: 'Fléchettes', game: running.game, format: running.format, settings: running.settings, participants: running.participants, matches: running.matches, standings: running.standings });
    expect(whole.statusCode, whole.body).toBe(200);
  });

  it('lets the format change while registration is open', async () => {
    const open = await get(DEMO_IDS.tournament);
    expect(open.status).toBe('registration');
    const res = await patch(open._id, { format: 'round_robin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().format).toBe('round_robin');
  });
});
