import { useEffect, useState } from 'react';
import { ClockPort, TournamentSocketPort } from '@sortie/core';
import { useUseCase } from '../services/container-context';

/** How often a live page offline asks again, once socket.io has given up reconnecting by itself. */
export const OFFLINE_RETRY_MS = 30_000;

/**
 * What every live page (a tournament, a blind test) does about its connection, and whether it
 * is online: after a lost connection it reloads (a server restart forgets the rooms); while
 * offline it reloads every OFFLINE_RETRY_MS, so that a screen left on the wall comes back after
 * a long outage. A sign-in or a sign-out is one such loss: the app's SocketIdentity makes a
 * new handshake (the server reads who is who there), and the page reloads once it is back.
 */
export function useLiveConnection(reload: () => void): boolean {
  const socket = useUseCase(TournamentSocketPort);
  const clock = useUseCase(ClockPort);
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

  return online;
}
