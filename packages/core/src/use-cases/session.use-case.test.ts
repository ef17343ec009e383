import { describe, expect, it } from 'vitest';
import { aStaffUser, aUser, createTestContainer } from '../testing';
import { SessionService } from './session.use-case';

function setup() {
  const { container, fakes } = createTestContainer();
  return { session: container.get(SessionService), ...fakes };
}

describe('SessionService', () => {
  it('is unknown until the me call has run', () => {
    const { session, api } = setup();
    expect(session.state).toEqual({ status: 'unknown', user: null });
    expect(api.calls).toEqual([]);
  });

  it('becomes the user the me call answers', async () => {
    const { session, api } = setup();
    const camille = aUser();
    api.signedInAs(camille);
    await expect(session.load()).resolves.toEqual(camille);
    expect(session.state).toEqual({ status: 'authenticated', user: camille });
  });

  it('ignores a failed me call, leaving the session empty', async () => {
    const { session, api, logger } = setup();
    api.fail('me', new Error('network down'));
    await expect(session.load()).resolves.toBeNull();
    expect(session.state).toEqual({ status: 'anonymous', user: null });
    expect(logger.entries.error).toEqual([]);
  });

  it('reload asks the server again', async () => {
    const { session, api } = setup();
    await session.load();
    const camille = aUser();
    api.signedInAs(camille);
    await session.reload();
    expect(api.callsTo('me')).toHaveLength(2);
    expect(session.state.user).toEqual(camille);
  });

  it('reloads the session from the server after a successful login, and answers what the login answered', async () => {
    const { session, api } = setup();
    await session.load();
    const camille = aUser();
    const result = await session.afterLogin(async () => {
      api.signedInAs(camille);
      return 'logged in';
    });
    expect(result).toBe('logged in');
    expect(api.callsTo('me')).toHaveLength(2);
    expect(session.state).toEqual({ status: 'authenticated', user: camille });
  });

  it('clears the session, logs and rethrows the error of a failed login', async () => {
    const { session, api, logger } = setup();
    api.signedInAs(aUser());
    await session.load();
    const refused = new Error('wrong password');

    await expect(session.afterLogin(() => Promise.reject(refused))).rejects.toBe(refused);

    expect(session.state).toEqual({ status: 'anonymous', user: null });
    expect(logger.entries.error).toHaveLength(1);
    expect(api.callsTo('me')).toHaveLength(1);
  });

  it('after logout becomes the user of the logout response, and signs out of the provider', async () => {
    const { session, api, auth } = setup();
    api.signedInAs(aUser());
    await session.load();
    const guest = aUser({ displayName: 'Invité' });
    api.userAfterLogout = guest;

    await expect(session.logout()).resolves.toEqual({ kind: 'signed-out' });

    expect(api.callsTo('logout')).toEqual([[]]);
    expect(session.state).toEqual({ status: 'authenticated', user: guest });
    expect(auth.callsTo('signOut')).toHaveLength(1);
  });

  it('after logout is anonymous when the response has no user', async () => {
    const { session, api } = setup();
    api.signedInAs(aUser());
    await session.load();
    await session.logout();
    expect(session.state).toEqual({ status: 'anonymous', user: null });
  });

  it('keeps the logout even when the provider sign-out fails, returning that failure', async () => {
    const { session, api, auth, logger } = setup();
    api.signedInAs(aUser());
    await session.load();
    auth.fail('signOut');
    await expect(session.logout()).resolves.toMatchObject({ kind: 'provider-sign-out-failed', cause: expect.any(Error) });
    expect(session.state.status).toBe('anonymous');
    expect(logger.entries.warn).toEqual([]);
  });

  it('clear empties the session', async () => {
    const { session, api } = setup();
    api.signedInAs(aUser());
    await session.load();
    session.clear();
    expect(session.state).toEqual({ status: 'anonymous', user: null });
  });

  it('counts staff and admins as staff, nobody else', async () => {
    const { session, api } = setup();
    expect(session.isStaff()).toBe(false);
    for (const [roles, staff] of [[[], false], [['staff'], true], [['admin'], true]] as const) {
      api.signedInAs(aStaffUser({ roles: [...roles] }));
      await session.reload();
      expect(session.isStaff()).toBe(staff);
    }
  });
});
