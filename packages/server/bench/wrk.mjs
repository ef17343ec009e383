// The load generator of the server bench: wrk (Debian's package), one thread, driven by
// report.lua, which rotates through a list of paths and prints its summary as JSON.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./report.lua', import.meta.url));
const WRK = process.env.WRK_PATH || 'wrk';

export class WrkMissingError extends Error {
  constructor() {
    super('wrk est introuvable : le bench du serveur génère sa charge avec wrk. Installez-le (`apt-get install wrk`) ou indiquez son chemin dans WRK_PATH.');
    this.name = 'WrkMissingError';
  }
}

/** `wrk debian/4.1.0-3+b2 [epoll]`; throws WrkMissingError when wrk is not installed. */
export function wrkVersion() {
  const run = spawnSync(WRK, ['-v'], { encoding: 'utf8' });
  if (run.error) throw run.error.code === 'ENOENT' ? new WrkMissingError() : run.error;
  const line = `${run.stdout}${run.stderr}`.split('\n').find((l) => l.startsWith('wrk '));
  if (!line) throw new WrkMissingError();
  return line.replace(/\s+Copyright.*$/, '').trim();
}

/** Every wrk still running, so that the bench can stop them if it is interrupted. */
export const running = new Set();

/**
 * Runs wrk against `base` for `seconds`, rotating through `paths`, and resolves with its
 * summary: { startedAt (ISO time, to match a measure with a record of the machine), requests,
 * seconds, rps, errors: {connect, read, write, status, timeout}, errorCount,
 * latencyMs: {p50, p90, p95, p99, max, mean} }. `status` counts answers outside 2xx/3xx; a
 * `timeout` (no answer within `timeout`) is still an answered request with no latency recorded.
 * `statuses`: also count the answers by status ({ "200": n, "503": n }) and keep the first
 * answer outside 2xx/3xx (`firstError`); it costs wrk a Lua call per answer, so only for slow routes.
 */
export function runWrk({ base, paths, headers = {}, connections, threads = 1, seconds, timeout = '10s', statuses = false }) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${Math.max(1, Math.round(seconds))}s`, '--timeout', timeout, '-s', SCRIPT];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(new URL(paths[0], base).href, '--', ...paths);
  const startedAt = new Date().toISOString();
  return new Promise((resolve, reject) => {
    const env = { ...process.env, SORTIE_WRK_STATUSES: statuses ? '1' : '0' };
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    running.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', (error) => {
      running.delete(child);
      reject(error.code === 'ENOENT' ? new WrkMissingError() : error);
    });
    child.once('close', (code) => {
      running.delete(child);
      const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
      if (code !== 0 || !line) {
        reject(new Error(`wrk a échoué (code ${code}) : ${(err || out).trim().slice(-500)}`));
        return;
      }
      const raw = JSON.parse(line.slice('WRK_JSON '.length));
      const secondsMeasured = raw.durationUs / 1e6;
      const errorCount = raw.errors.connect + raw.errors.read + raw.errors.write + raw.errors.status + raw.errors.timeout;
      resolve({
        startedAt,
        requests: raw.requests,
        seconds: secondsMeasured,
        rps: raw.requests / secondsMeasured,
        errors: raw.errors,
        errorCount,
        latencyMs: raw.latencyMs,
        ...(raw.statuses ? { statuses: raw.statuses } : {}),
        ...(raw.firstError ? { firstError: raw.firstError } : {}),
        args,
      });
    });
  });
}
