/**
 * A database restart under load, as an upgrade or a failover does it: a PostgreSQL of its own
 * (initdb in a scratch folder with the given binaries, so that the suites sharing the CI's server
 * are not disturbed), the Sortie server in a child process on it, `/r/{code}` driven by
 * concurrent connections, `pg_ctl stop -m fast` then `start`. Used by the fault test
 * (db/database-restart.pg.test.ts) and by `pnpm bench` (tools/bench/db-restart.bench.mjs).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** Where PostgreSQL's programs are: SORTIE_TEST_PG_BIN (set by .ci/run), else Debian's newest, else null. */
export function findPgBin(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SORTIE_TEST_PG_BIN) return existsSync(join(env.SORTIE_TEST_PG_BIN, 'pg_ctl')) ? env.SORTIE_TEST_PG_BIN : null;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(base, versions.at(-1)!, 'bin') : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ScratchPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL cluster in a scratch folder on a free port. PostgreSQL refuses to run as root:
 * then its programs run as `runAs` (SORTIE_TEST_PG_USER, `postgres` by default).
 */
export async function startScratchPostgres(pgBin: string, runAs = process.env.SORTIE_TEST_PG_USER || 'postgres'): Promise<ScratchPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'sortie-pg-drill-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', runAs, dir]);
  // Asynchronous, so that the load goes on while PostgreSQL stops and starts.
  const run = async (program: string, args: string[]) => {
    const command = [join(pgBin, program), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ') + ' </dev/null >/dev/null 2>&1';
    if (asRoot) await execFileAsync('su', [runAs, '-s', '/bin/sh', '-c', command]);
    else await execFileAsync('/bin/sh', ['-c', command]);
  };
  await run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = () => run('pg_ctl', ['-D', join(dir, 'data'), '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']),
    start,
    async destroy() {
      try {
        await run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the server wrote on stderr (its error log). */
  stderr(): string;
  stop(): Promise<number | null>;
}

/** The Sortie server (src/main.ts, through tsx) on `databaseUrl`, demo data loaded, ready to answer. */
export async function startServerProcess(databaseUrl: string, timeoutMs = 180_000): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { NODE_ENV: _ignored, SORTIE_LOG: _log, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SORTIE_SECRET: 'drill-secret-drill-secret-drill-secret', SORTIE_WEB_DIST: '/nonexistent-web-dist' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-200_000);
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr.slice(-2000)}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One GET, its status and location (no redirect followed), on a keep-alive agent. */
export function get(agent: Agent, url: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    // A connection refused or reset is no answer at all: status 0.
    req.on('error', () => resolve({ status: 0, location: undefined }));
    req.setTimeout(5000, () => req.destroy());
    req.end();
  });
}

export interface DrillResult {
  /** Redirects to the link's address: each one a visit that must be stored. */
  redirects: number;
  /** Visits the database holds at the end, beyond what it held before the load. */
  recorded: number;
  /** redirects − recorded. */
  lost: number;
  /** Every /r answer by status (302 to the link, `302 /home`, 503, 500, 0 for no answer). */
  statuses: Record<string, number>;
  /** What the probes of /api/health and /api/events saw while the database was down, by status. */
  probesWhileDown: Record<string, number>;
  /** Every status a probe ever saw. */
  probeStatuses: Record<string, number>;
  /** From `pg_ctl start` returning to the first 200 of /api/health, ms. */
  recoveryMs: number;
  /** The slowest probe answer while the database was down, ms. */
  slowestDownAnswerMs: number;
  /** Whether the server process was alive throughout. */
  survived: boolean;
  /** The end of what the server wrote on stderr (its log of the outage). */
  serverLog: string;
  requestsPerSecond: number;
}

/**
 * The drill: `connections` loops on /r/{code}; after `before` redirects PostgreSQL stops
 * (fast), stays down until the probes have seen it down `downProbes` times, starts again; the
 * load goes on for `after` more redirects, then the visits stored are counted.
 */
export async function runRestartDrill(options: {
  pgBin: string;
  connections?: number;
  before?: number;
  after?: number;
  downProbes?: number;
  /** The /r load: wrk (its path) when given, else this process's own loops. */
  wrk?: string | null;
  log?: (line: string) => void;
}): Promise<DrillResult> {
  const { pgBin, connections = 20, before = 2000, after = 2000, downProbes = 5, wrk = null, log = () => undefined } = options;
  const postgres = await startScratchPostgres(pgBin);
  let server: ServerProcess | null = null;
  try {
    log(`drill: PostgreSQL up at ${postgres.url}`);
    server = await startServerProcess(postgres.url);
    log(`drill: server up at ${server.url}`);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const [link] = (await admin.query<{ id: string; url: string; short_code: string }>(`SELECT id, url, short_code FROM dyna_links WHERE data->>'expiresAt' IS NULL AND data->>'maxVisits' IS NULL ORDER BY id LIMIT 1`)).rows;
    if (!link) throw new Error('no demo short link');
    const count = async () => Number((await admin.query<{ n: string }>('SELECT count(*) AS n FROM dyna_link_visits WHERE link_id = $1', [link.id])).rows[0]!.n);
    const initial = await count();
    await admin.end();

    const agent = new Agent({ keepAlive: true, maxSockets: connections + 4 });
    const statuses: Record<string, number> = {};
    const probeStatuses: Record<string, number> = {};
    const probesWhileDown: Record<string, number> = {};
    let redirects = 0;
    let phase: 'before' | 'down' | 'recovering' | 'after' | 'done' = 'before';
    let survived = true;
    let slowestDownAnswerMs = 0;
    const started = Date.now();
    let requests = 0;
    server.child.once('exit', () => {
      survived = false;
    });

    const loop = async () => {
      while (phase !== 'done' && survived) {
        const res = await get(agent, `${server!.url}/r/${link.short_code}`);
        requests += 1;
        const key = res.status === 302 ? (res.location === link.url ? '302' : `302 ${res.location}`) : String(res.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (key === '302') redirects += 1;
        // No answer at all (the process gone): do not spin.
        if (res.status === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    let downSeen = 0;
    const probe = async () => {
      while (phase !== 'done' && survived) {
        // A new search each time: the micro-cache must not answer for the database.
        for (const path of ['/api/health', `/api/events?limit=1&q=drill${requests}`]) {
          const sent = Date.now();
          const wasDown = phase === 'down';
          const res = await get(agent, `${server!.url}${path}`);
          probeStatuses[res.status] = (probeStatuses[res.status] ?? 0) + 1;
          if (wasDown && phase === 'down') {
            probesWhileDown[res.status] = (probesWhileDown[res.status] ?? 0) + 1;
            slowestDownAnswerMs = Math.max(slowestDownAnswerMs, Date.now() - sent);
            if (res.status === 503) downSeen += 1;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const until = async (condition: () => boolean, what: string, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (!survived) throw new Error(`the server exited while waiting for ${what}: ${server!.stderr().slice(-3000)}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (/r: ${JSON.stringify(statuses)}, probes: ${JSON.stringify(probeStatuses)}, link ${link.short_code} → ${link.url}): ${server!.stderr().slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    const load = wrk ? wrkLoad(wrk, `${server.url}/r/${link.short_code}`, link.url, connections) : null;
    if (load) load.exited.then(() => undefined, () => undefined);
    const loops = [...(load ? [] : Array.from({ length: connections }, loop)), probe()];
    // wrk says what it saw only at the end: its phases last a time, the in-process ones a number of redirects.
    const waitFor = async (count: number, what: string) => {
      if (load) await new Promise((resolve) => setTimeout(resolve, Math.max(1000, count)));
      else await until(() => redirects >= count, what);
    };
    await waitFor(before, `${before} redirects`);
    log(`drill: ${load ? 'wrk running' : `${redirects} redirects`}, stopping PostgreSQL (pg_ctl stop -m fast)`);
    phase = 'down';
    await postgres.stop();
    await until(() => downSeen >= downProbes, `${downProbes} answers of 503 while the database is down`);
    log(`drill: the server answers 503 while it is down; starting PostgreSQL`);
    const downRedirects: number = redirects;
    await postgres.start();
    const back = Date.now();
    phase = 'recovering';
    let recoveryMs = -1;
    const deadline = back + 30_000;
    while (Date.now() < deadline && survived) {
      if ((await get(agent, `${server.url}/api/health`)).status === 200) {
        recoveryMs = Date.now() - back;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    log(`drill: healthy again ${recoveryMs} ms after PostgreSQL was back`);
    phase = 'after';
    await waitFor(load ? after : downRedirects + after, `${after} more redirects`);
    phase = 'done';
    await Promise.all(loops);
    if (load) {
      const seen = await load.stop();
      redirects = seen.redirects;
      requests = seen.requests;
      Object.assign(statuses, seen.statuses);
    }
    const seconds = (Date.now() - started) / 1000;
    agent.destroy();

    // The buffered visits are written within a few flushes: wait for them, without stopping the server.
    const check = new pg.Client({ connectionString: postgres.url });
    await check.connect();
    let recorded = 0;
    const flushDeadline = Date.now() + 15_000;
    for (;;) {
      recorded = Number((await check.query<{ n: string }>('SELECT count(*) AS n FROM dyna_link_visits WHERE link_id = $1', [link.id])).rows[0]!.n) - initial;
      if (recorded >= redirects || Date.now() > flushDeadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await check.end();
    survived = survived && server.child.exitCode === null;
    // wrk, stopped, does not count the answers in flight that the server did record: never below 0.
    return { redirects, recorded, lost: Math.max(0, redirects - recorded), serverLog: server.stderr().slice(-5000), statuses, probesWhileDown, probeStatuses, recoveryMs, slowestDownAnswerMs, survived, requestsPerSecond: Math.round(requests / seconds) };
  } finally {
    await server?.stop();
    await postgres.destroy();
  }
}

// Counts, per wrk thread, the redirects to the link and every other answer; prints them at the end.
const WRK_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) target = args[1]; ok = 0; home = 0; s503 = 0; s500 = 0; other = 0 end
function response(status, headers, body)
  local location = headers["location"] or headers["Location"]
  if status == 302 and location == target then ok = ok + 1
  elseif status == 302 then home = home + 1
  elseif status == 503 then s503 = s503 + 1
  elseif status >= 500 then s500 = s500 + 1
  else other = other + 1 end
end
function done(summary, latency, requests)
  local t = { ok = 0, home = 0, s503 = 0, s500 = 0, other = 0 }
  for _, thread in ipairs(threads) do
    for key, _ in pairs(t) do t[key] = t[key] + thread:get(key) end
  end
  local e = summary.errors
  io.write(string.format("SORTIE %d %d %d %d %d %d %d\\n", t.ok, t.home, t.s503, t.s500, t.other, e.connect + e.read + e.write + e.timeout, summary.requests))
end
`;

/** wrk on `url` until stopped (SIGINT: it then prints its counts). */
function wrkLoad(wrk: string, url: string, target: string, connections: number) {
  const dir = mkdtempSync(join(tmpdir(), 'sortie-wrk-'));
  const script = join(dir, 'count.lua');
  writeFileSync(script, WRK_SCRIPT);
  const child = spawn(wrk, ['-t', '2', '-c', String(connections), '-d', '600s', '--timeout', '5s', '-s', script, url, '--', target], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    exited,
    async stop() {
      child.kill('SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
      const match = /SORTIE (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(output);
      if (!match) throw new Error(`wrk printed no counts: ${output.slice(-1000)}`);
      const [ok, home, s503, s500, other, errors, requests] = match.slice(1).map(Number) as [number, number, number, number, number, number, number];
      const statuses: Record<string, number> = {};
      for (const [key, n] of [['302', ok], ['302 elsewhere', home], ['503', s503], ['500', s500], ['other', other], ['0', errors]] as const) if (n) statuses[key] = n;
      return { redirects: ok, requests, statuses };
    },
  };
}
