// Child process of the tournament bench: SPECTATORS sockets connected to the server under test,
// each following one tournament (a `get` joins its room) and counting the updates it receives.
// Kept apart from the clients that measure, so that reading the broadcasts does not delay the
// measured acknowledgements on the same event loop.
//
// Parent → child (IPC): { type: 'start', url, count, tournamentIds } → { type: 'ready' };
// { type: 'stop' } → { type: 'stopped', updates }.
import { io as connect } from 'socket.io-client';

let sockets = [];
let updates = 0;

async function start({ url, count, tournamentIds }) {
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => new Promise((resolve, reject) => {
      const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
      socket.on('tournament:update', () => {
        updates += 1;
      });
      return i + j;
    }));
    sockets.push(...(await Promise.all(batch)));
  }
  if (tournamentIds.length > 0) {
    await Promise.all(sockets.map(async (socket, i) => {
      const reply = await socket.timeout(10_000).emitWithAck('tournament', JSON.stringify({ action: 'get', tournamentId: tournamentIds[i % tournamentIds.length], params: {} }));
      if (reply.status !== 'ok') throw new Error(`spectateur refusé : ${reply.msg}`);
    }));
  }
}

process.on('message', async (message) => {
  try {
    if (message.type === 'start') {
      await start(message);
      process.send({ type: 'ready' });
    }
    if (message.type === 'stop') {
      for (const socket of sockets) socket.disconnect();
      sockets = [];
      process.send({ type: 'stopped', updates }, () => process.exit(0));
    }
  } catch (error) {
    process.send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
  }
});
