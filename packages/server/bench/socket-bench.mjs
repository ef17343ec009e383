// What the socket benches share: their child processes (a server, spectators), the socket
// clients they open, a staff session, and the quantile of sorted timings.
import { fork } from 'node:child_process';
import { io as connect } from 'socket.io-client';

/** Every child still running, for the bench to stop them on the way out. */
export const children = new Set();

/** A child process speaking by IPC messages: `next(type)` waits for its next message of that type. */
export function child(script, { env = {}, execArgv = [] } = {}) {
  const proc = fork(script, [], { execArgv, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(proc);
  proc.on('exit', () => children.delete(proc));
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (m.type === 'failed') reject(new Error(m.message));
        if (m.type !== type) return;
        proc.off('message', onMessage);
        resolve(m);
      };
      proc.on('message', onMessage);
      proc.once('exit', (code) => reject(new Error(`${script} s’est arrêté (code ${code}).`)));
    });
  return { proc, next, send: (message) => proc.send(message) };
}

export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** `count` websocket clients, opened 50 at a time. */
export async function connectAll(url, count, options = {}) {
  const sockets = [];
  for (let i = 0; i < count; i += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => new Promise((resolve, reject) => {
      const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false, ...options });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    })))));
  }
  return sockets;
}

/** A session token of the demo's staff account. */
export async function sessionToken(url) {
  const post = (path, body) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const { idToken } = await post('/api/identity/signIn', { email: 'staff@demo.sortie.fr', password: 'sortie-demo' });
  return (await post('/api/auth/login/web', { idToken, messagingToken: null })).sessionToken;
}
