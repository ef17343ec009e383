import { describe, expect, it } from 'vitest';
import { FakeAuth, FakeLogger, FakeProductApi, FakeTournamentSocket, aUser } from '../testing';
import { SessionService } from './session.use-case';
import { SocketIdentity } from './socket-identity.use-case';

function setup() {
  const api = new FakeProductApi();
  const socket = new FakeTournamentSocket();
  const session = new SessionService(api, new FakeAuth(), new FakeLogger());
  const stop = new SocketIdentity(session, socket).start();
  return { api, socket, session, stop };
}

describe('SocketIdentity', () => {
  it('leaves the first handshake alone: it carried the session the app started with', async () => {
    const { api, socket, session } = setup();
    api.signedInAs(aUser());
    await session.load();
    await session.reload();
    expect(socket.reconnections).toBe(0);
  });

  it('makes a new handshake after a sign-in and after a sign-out, once each', async () => {
    const { api, socket, session } = setup();
    await session.load();
    expect(session.state.status).toBe('anonymous');
    api.signedInAs(aUser());
    await session.reload();
    expect(socket.reconnections).toBe(1);
    await session.logout();
    expect(socket.reconnections).toBe(2);
    session.clear();
    expect(socket.reconnections).toBe(2);
  });

  it('makes one when another account signs in, and none once stopped', async () => {
    const { api, socket, session, stop } = setup();
    api.signedInAs(aUser({ _id: '0000000000000000000000a1' }));
    await session.load();
    api.signedInAs(aUser({ _id: '0000000000000000000000a2' }));
    await session.reload();
    expect(socket.reconnections).toBe(1);
    stop();
    session.clear();
    expect(socket.reconnections).toBe(1);
  });
});
