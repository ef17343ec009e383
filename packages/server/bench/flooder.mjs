// Child process of the flood bench: one socket that sends `count` events as fast as it can,
// apart from the measuring clients, so that its own sending does not delay their timings.
//
// Parent → child (IPC): { type: 'flood', url, event, payload, count } → { type: 'connected' },
// then { type: 'flooded', disconnected: reason | null, afterMs, served, limited }.
import { io as connect } from 'socket.io-client';

process.on('message', (message) => {
  if (message.type !== 'flood') return;
  const { url, event, payload, count, waitMs } = message;
  const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  socket.once('connect', () => {
    process.send({ type: 'connected' });
    setTimeout(() => {
      let served = 0;
      let limited = 0;
      const start = performance.now();
      const done = (disconnected) => process.send({ type: 'flooded', disconnected, afterMs: performance.now() - start, served, limited }, () => process.exit(0));
      const timer = setTimeout(() => done(null), waitMs);
      socket.on('disconnect', (reason) => {
        clearTimeout(timer);
        done(reason);
      });
      for (let i = 0; i < count; i++) {
        socket.emit(event, payload, (reply) => {
          if (reply?.status === 'ok') served += 1;
          else if (reply?.code === 'rate_limited') limited += 1;
        });
      }
    }, 200);
  });
  socket.once('connect_error', (error) => process.send({ type: 'failed', message: error.message }, () => process.exit(1)));
});
