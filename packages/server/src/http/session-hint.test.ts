import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '@sortie/core/domain';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';

type Cookie = { name: string; value: string; maxAge?: number; httpOnly?: boolean; expires?: Date };
const hintOf = (cookies: Cookie[]) => cookies.find((c) => c.name === SESSION_HINT_COOKIE);

describe('the session hint cookie (no 401 for an anonymous visitor)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  }, 60_000);
  afterAll(() => t.close());

  it('is set, readable by the page, beside the session cookie at login, and cleared with it at logout', async () => {
    const signed = await t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email: DEMO_ACCOUNTS.visitor.email, password: 'sortie-demo' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken: signed.json().idToken } });
    expect(login.statusCode).toBe(200);
    const session = (login.cookies as Cookie[]).find((c) => c.name === 'sortie_session')!;
    const hint = hintOf(login.cookies as Cookie[]);
    expect(hint).toMatchObject({ value: '1', maxAge: session.maxAge });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.value).not.toContain(session.value);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `sortie_session=${session.value}; ${SESSION_HINT_COOKIE}=1` } });
    expect(logout.statusCode).toBe(200);
    expect(hintOf(logout.cookies as Cookie[])).toMatchObject({ value: '', maxAge: 0 });
  });

  it('is never set for an anonymous visitor', async () => {
    for (const url of ['/api/events?limit=1', '/api/config', '/home/Poitiers']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: url.startsWith('/api') ? 'application/json' : 'text/html' } });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('is added for a session that predates it, and removed once the session cookie has gone', async () => {
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const older = await t.app.inject({ method: 'GET', url: '/api/me/likes', headers: { cookie } });
    expect(older.statusCode).toBe(200);
    expect(hintOf(older.cookies as Cookie[])).toMatchObject({ value: '1' });
    const kept = await t.app.inject({ method: 'GET', url: '/api/me/likes', headers: { cookie: `${cookie}; ${SESSION_HINT_COOKIE}=1` } });
    expect(kept.headers['set-cookie']).toBeUndefined();

    const gone = await t.app.inject({ method: 'GET', url: '/api/events?limit=1', headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
    expect(hintOf(gone.cookies as Cookie[])).toMatchObject({ value: '', maxAge: 0 });
  });

  it('is cleared with the session cookie when the server no longer knows the session, so that the browser stops asking', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sortie_session=expired-or-forged; ${SESSION_HINT_COOKIE}=1` } });
    expect(me.statusCode).toBe(401);
    const cookies = me.cookies as Cookie[];
    expect(cookies.find((c) => c.name === 'sortie_session')).toMatchObject({ value: '', maxAge: 0 });
    expect(hintOf(cookies)).toMatchObject({ value: '', maxAge: 0 });
  });
});
