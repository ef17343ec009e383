import { describe, expect, it } from 'vitest';
import { AuthError, NotFoundError } from '../domain/errors';
import { FakeClock, FakeCookies, FakeLogger, FakeNavigator, FakeProductApi, FakeTokenStore, FakeTournamentSocket, FakePush, FakeAuth, FakeMusic, FakeLinkResolver, aUser, anEvent, anId } from './index';

describe('FakeClock', () => {
  it('fires due timers in time order when advanced, each at its own time', () => {
    const clock = new FakeClock('2026-01-01T00:00:00.000Z');
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now().toISOString()}`), 200);
    clock.setTimeout(() => {
      fired.push('a');
      clock.setTimeout(() => fired.push('nested'), 50);
    }, 100);
    const cancelled = clock.setTimeout(() => fired.push('cancelled'), 10);
    clock.clearTimeout(cancelled);

    clock.advance(149);
    expect(fired).toEqual(['a']);
    clock.advance(100);
    expect(fired).toEqual(['a', 'nested', 'b@2026-01-01T00:00:00.200Z']);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.249Z');
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('ScriptedFake answers', () => {
  it('queued answers win over lasting ones, then the in-memory behaviour resumes', async () => {
    const api = new FakeProductApi().signedInAs(aUser({ displayName: 'Mémoire' }));
    api.answer('me', aUser({ displayName: 'Durable' })).answerOnce('me', aUser({ displayName: 'Une fois' })).failOnce('me', new Error('deux'));
    await expect(api.me()).resolves.toMatchObject({ displayName: 'Une fois' });
    await expect(api.me()).rejects.toThrow('deux');
    await expect(api.me()).resolves.toMatchObject({ displayName: 'Durable' });
    api.restore('me');
    await expect(api.me()).resolves.toMatchObject({ displayName: 'Mémoire' });
    expect(api.callsTo('me')).toHaveLength(4);
    api.fail('logout').restore();
    await expect(api.logout()).resolves.toEqual({ user: null });
  });
});

describe('FakeProductApi in memory', () => {
  it('keeps records per resource', async () => {
    const api = new FakeProductApi();
    const place = anId(5);
    api.seed('events', anEvent({ placeId: place }), anEvent());
    expect((await api.listEvents({ placeId: place, limit: 1 })).items).toHaveLength(1);
    const created = await api.create<{ _id: string; name: string }>('places', { name: 'Le Local' });
    await api.update('places', created._id, { name: 'Le Local (Poitiers)' });
    await expect(api.get('places', created._id)).resolves.toMatchObject({ name: 'Le Local (Poitiers)' });
    expect((await api.list('places')).meta.total).toBe(1);
    await api.remove('places', created._id);
    await expect(api.get('places', created._id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(api.request('GET', '/stats')).rejects.toBeInstanceOf(NotFoundError);
    await api.addShareView(anId(6), { userAgent: 'ua' });
    expect(api.shareViews).toEqual([{ id: anId(6), userAgent: 'ua' }]);
  });

  it('has a session: me fails until someone logs in', async () => {
    const api = new FakeProductApi();
    await expect(api.me()).rejects.toBeInstanceOf(AuthError);
    await api.loginWeb({ idToken: 't', messagingToken: null });
    await expect(api.me()).resolves.toBe(api.userAfterLogin);
  });
});

describe('the other fakes', () => {
  it('FakeNavigator follows in-app navigation and records redirects', () => {
    const navigator = new FakeNavigator().setUrl('https://sortie.test/events?x=1');
    navigator.navigate('/home/Poitiers', { replace: true });
    navigator.redirect('https://example.fr');
    expect(navigator.currentUrl().href).toBe('https://sortie.test/home/Poitiers');
    expect(navigator.lastNavigation).toEqual({ path: '/home/Poitiers', replace: true });
    expect(navigator.redirects).toEqual(['https://example.fr']);
  });

  it('FakeTournamentSocket records emits and plays server events', async () => {
    const socket = new FakeTournamentSocket();
    socket.emit('hello', { a: 1 });
    expect(socket.sent('hello')).toEqual([{ a: 1 }]);
    await expect(socket.emitWithAck('t', '{}')).resolves.toEqual({ status: 'ok' });
    const seen: unknown[] = [];
    const off = socket.on('e', (...args) => seen.push(args));
    socket.serverEmit('e', 1, 2);
    off();
    socket.serverEmit('e', 3);
    expect(seen).toEqual([[1, 2]]);
    socket.disconnect();
    expect(socket.connected).toBe(false);
  });

  it('FakePush, FakeAuth, FakeCookies, FakeTokenStore and FakeLogger keep what happened', async () => {
    const push = new FakePush();
    const got: unknown[] = [];
    push.onMessage((m) => got.push(m.data.id));
    push.deliver({ data: { id: 'n1' } });
    expect(got).toEqual(['n1']);

    const auth = new FakeAuth();
    await auth.setPersistence('local');
    await auth.signInWithApple();
    expect(auth.persistence).toBe('local');
    expect(auth.signedIn).toBe(true);
    await auth.signOut();
    expect(auth.signedIn).toBe(false);

    const cookies = new FakeCookies().have('a', '1');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBeNull();

    const store = new FakeTokenStore();
    store.set('k', '{"v":1}');
    expect(store.json('k')).toEqual({ v: 1 });
    store.remove('k');
    expect(store.json('k')).toBeNull();

    const logger = new FakeLogger();
    logger.info('i');
    logger.warn('w', { x: 1 });
    expect(logger.messages('warn')).toEqual(['w']);
    expect(logger.all.map((e) => e.level)).toEqual(['info', 'warn']);
  });

  it('FakeMusic refuses every token but the accepted one with a 401', async () => {
    const music = new FakeMusic().acceptOnly('good');
    await expect(music.getMe('bad')).rejects.toMatchObject({ statusCode: 401 });
    await expect(music.getMe('good')).resolves.toEqual(music.me);
  });

  it('FakeLinkResolver rejects unknown links', async () => {
    const links = new FakeLinkResolver();
    await expect(links.getDynaLink(anId(1))).rejects.toMatchObject({ code: 'LINK_NOT_FOUND' });
  });
});
