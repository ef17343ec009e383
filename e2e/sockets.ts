import type { Page } from 'playwright-core';

/**
 * The page's socket.io connections, in the order the page opened them, each with whether the
 * server accepted its handshake (socket.io's CONNECT answer, `40{…}`: the server has put the
 * socket in its rooms before sending it), and every frame received.
 */
export function watchSockets(page: Page) {
  const sockets: Array<{ connected: boolean; closed: boolean }> = [];
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    const socket = { connected: false, closed: false };
    sockets.push(socket);
    ws.on('close', () => (socket.closed = true));
    ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      frames.push(text);
      if (text.startsWith('40')) socket.connected = true;
    });
  });
  return {
    frames,
    /** How many connections the page has opened so far. */
    opened: () => sockets.length,
    /** Whether a connection opened after the first `since` is accepted and still open: the handshake of what happened since. */
    handshakeSince: (since: number) => sockets.slice(since).some((socket) => socket.connected && !socket.closed),
  };
}
