import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ClockPort, SessionService, TournamentSocketPort } from '@sortie/core';
import { useUseCase } from '../services/container-context';

/** How often a live page offline asks again, once socket.io has given up reconnecting by itself. */
export const OFFLINE_RETRY_MS = 30_000;

/**
 * What every live page (a tournament, a blind test) does about its connection, and whether it
 * is online: after a lost connection it reloads (a server restart forgets the rooms); while
 * offline it reloads every OFFLINE_RETRY_MS, so that a screen left on the wall comes back after
 * a long outage; and when the visitor signs in or out it makes a new handshake (the server
 * reads who is who there) and reloads.
 */
export function useLiveConnection(reload: () => void): boolean {
  const socket = useUseCase(TournamentSocketPort);
  const session = useUseCase(SessionService);
  const clock = useUseCase(ClockPort);
  const { status, user } = useSnapshot(session.state);
  const [online, setOnline] = useState(true);

  useEffect(() => {
    // The first connection carries the page's first `get`; only a connection after a loss needs another.
    let lost = false;
    const stopConnect = socket.on('connect', () => {
      setOnline(true);
      if (lost) reload();
      lost = false;
    });
    const stopDisconnect = socket.on('disconnect', () => {
      lost = true;
      setOnline(false);
    });
    return () => {
      stopConnect();
      stopDisconnect();
    };
  }, [socket, reload]);

  useEffect(() => {
    if (online) return;
    let timer = clock.setTimeout(function retry() {
      reload();
      timer = clock.setTimeout(retry, OFFLINE_RETRY_MS);
    }, OFFLINE_RETRY_MS);
    return () => clock.clearTimeout(timer);
  }, [online, clock, reload]);

  // The first known session is the handshake's; a later change needs a new handshake.
  const userId = status === 'unknown' ? undefined : (user?._id ?? null);
  const handshakeUser = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    if (handshakeUser.current === undefined) {
      handshakeUser.current = userId;
      return;
    }
    if (handshakeUser.current === userId) return;
    handshakeUser.current = userId;
    socket.disconnect();
    reload();
  }, [userId, socket, reload]);

  return online;
}
