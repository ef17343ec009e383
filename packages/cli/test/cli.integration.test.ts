// The built CLI, spawned as a user runs it, against a real server started here on port 0
// (PGlite in a temporary folder, the French demo data set loaded).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frenchDateTime } from '@sortie/core';
import { DEMO_IDS, DEMO_SHORT_CODES, demoId, type Db, type SortieApp } from '@sortie/server';
import { DEMO_PASSWORD as PASSWORD, startDemoServer, type DemoServer } from './demo-server';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(packageDir, 'bin/sortie.mjs');

let server: DemoServer | undefined;
let temp: string;
let db: Db;
let app: SortieApp;
let api: string;
let configDir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(args: string[], options: { input?: string; env?: Record<string, string> } = {}): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: temp, SORTIE_API_URL: api, SORTIE_CONFIG_DIR: configDir, ...options.env },
  });
  child.stdin.end(options.input ?? '');
  return child;
}

function finish(child: ChildProcessWithoutNullStreams): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** `sortie <args…>` in a child process; never blocks this process, which serves the API. */
const sortie = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) => finish(start(args, options));

/** A port nobody listens on: the server-down case. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  // Build once here, so the parallel runs below never race to build dist/.
  const build = spawnSync(process.execPath, [join(packageDir, 'scripts/build.mjs')], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  server = await startDemoServer('sortie-cli-');
  ({ temp, db, app, api } = server);
  configDir = join(temp, 'config');
}, 120_000);

afterAll(() => server?.close());

const json = (run: Run) => JSON.parse(run.stdout) as Record<string, unknown>;

describe('sortie against a running server', () => {
  it('refuses a wrong password (exit 1, French message) and stores no session', async () => {
    const run = await sortie(['login', '--email', 'staff@demo.sortie.fr', '--password-stdin'], { input: 'mauvais-mot-de-passe\n' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Connexion refusée : /);
    expect(run.stdout).toBe('');
    expect((await sortie(['whoami'])).code).toBe(1);
  });

  it('logs in with the password on stdin, keeps the session in a 0600 file, and whoami reads it', async () => {
    const run = await sortie(['login', '--email', 'staff@demo.sortie.fr', '--password-stdin'], { input: `${PASSWORD}\n` });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('staff@demo.sortie.fr');
    expect(statSync(join(configDir, 'session.json')).mode & 0o777).toBe(0o600);

    const who = await sortie(['--json', 'whoami']);
    expect(who.code).toBe(0);
    expect(json(who)).toMatchObject({ user: { email: 'staff@demo.sortie.fr', roles: ['staff'] } });
  });

  it('resolves a short code to its url', async () => {
    const run = await sortie(['links', 'resolve', DEMO_SHORT_CODES.poitiers]);
    expect(run).toMatchObject({ code: 0, stdout: 'https://www.poitiers.fr/\n' });
  });

  it('lists the visits of a link, the one recorded by resolve included, with sortie’s user agent', async (context) => {
    // The visits route is the server's (issue 5 asks for `links visits`); skipped, not faked, while it is absent.
    if (!app.hasRoute({ method: 'GET', url: '/api/dynaLinks/:id/visits' })) context.skip();
    const visits = await sortie(['--json', 'links', 'visits', DEMO_IDS.dynaLinks.poitiers]);
    expect(visits.stderr).toBe('');
    expect(visits.code).toBe(0);
    const body = json(visits);
    const items = (Array.isArray(body) ? body : (body.items as unknown[])) as Array<{ datetime: string; userAgent: string }>;
    expect(items.some((visit) => visit.userAgent.startsWith('sortie-cli/') && !Number.isNaN(Date.parse(visit.datetime)))).toBe(true);
    const table = await sortie(['links', 'visits', DEMO_IDS.dynaLinks.poitiers]);
    expect(table.stdout).toMatch(/DATE +AGENT UTILISATEUR/);
  });

  it('exits 1 on an unknown short code', async () => {
    const run = await sortie(['links', 'resolve', 'ce-code-n-existe-pas']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Code court inconnu');
    expect(run.stdout).toBe('');
  });

  it('says an expired short code is expired, since when in French, not unknown (exit 1)', async () => {
    const [row] = await db.query<{ data: { expiresAt: string } }>('SELECT data FROM dyna_links WHERE short_code = $1', [DEMO_SHORT_CODES.expired]);
    const run = await sortie(['links', 'resolve', DEMO_SHORT_CODES.expired]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(`Ce lien a expiré le ${frenchDateTime(row!.data.expiresAt)}.`);
    expect(run.stderr).toMatch(/^Ce lien a expiré le \S+ \d{1,2} \S+ \d{4} à \d{2}:\d{2}\.\n$/);
    const asJson = await sortie(['--json', 'links', 'resolve', DEMO_SHORT_CODES.expired]);
    expect(json(asJson)).toEqual({ error: { code: 'LINK_EXPIRED', message: `Ce lien a expiré le ${frenchDateTime(row!.data.expiresAt)}.` } });
  });

  it('gets a link, records a visit, creates a link and lists it', async () => {
    const got = await sortie(['--json', 'links', 'get', DEMO_IDS.dynaLinks.poitiers]);
    expect(got.code).toBe(0);
    expect(json(got)).toMatchObject({ url: 'https://www.poitiers.fr/', shortCode: 'poitiers' });

    const visitCount = async () => {
      const page = json(await sortie(['--json', 'links', 'list', '--limit', '100']));
      return (page.items as Array<{ _id: string; visitCount: number }>).find((link) => link._id === DEMO_IDS.dynaLinks.poitiers)?.visitCount;
    };
    const before = await visitCount();
    expect(before).toBeGreaterThanOrEqual(1); // the resolve above
    expect((await sortie(['-q', 'links', 'visit', DEMO_IDS.dynaLinks.poitiers])).code).toBe(0);
    expect(await visitCount()).toBe(before! + 1);

    const created = await sortie(['-q', 'links', 'create', 'https://www.example.org/cli', '--code', 'cli-test']);
    expect(created.stderr).toBe('');
    expect(created).toMatchObject({ code: 0, stdout: `${api}/r/cli-test\n` });
    const list = await sortie(['--json', 'links', 'list', '--limit', '100']);
    expect(list.code).toBe(0);
    expect((json(list).items as Array<{ shortCode: string }>).map((l) => l.shortCode)).toContain('cli-test');
    expect((await sortie(['links', 'resolve', 'cli-test'])).stdout).toBe('https://www.example.org/cli\n');
    const table = await sortie(['links', 'list']);
    expect(table.stdout).toMatch(/^ID +CODE +VISITES +ADRESSE/);
  });

  it('records a share view, and fails on an unknown share', async () => {
    expect(await sortie(['shares', 'view', DEMO_IDS.share])).toMatchObject({ code: 0, stdout: `Vue enregistrée pour le partage ${DEMO_IDS.share}.\n` });
    const unknown = await sortie(['shares', 'view', 'ffffffffffffffffffffffff']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Partage introuvable');
  });

  it('prints what /nextEvent would open: the next event, else the place', async () => {
    const next = await sortie(['events', 'next', '--place', DEMO_IDS.places.tapGarden]);
    expect(next.code).toBe(0);
    expect(next.stdout).toMatch(new RegExp(`^${api}/events/[0-9a-f]{24}\\n$`));
    const none = await sortie(['--json', 'events', 'next', '--place', DEMO_IDS.placeWithoutEvents]);
    expect(json(none)).toMatchObject({ kind: 'place', url: `${api}/places/${DEMO_IDS.placeWithoutEvents}` });
  });

  it('gets a tournament, and exits 1 with the server’s msg on a refused action', async () => {
    const got = await sortie(['--json', 'tournament', 'get', DEMO_IDS.tournament]);
    expect(got.stderr).toBe('');
    expect(json(got)).toMatchObject({ _id: DEMO_IDS.tournament, name: 'Tournoi Mario Kart' });

    const refused = await sortie(['tournament', 'emit', DEMO_IDS.tournament, 'reportScore', '--params', '{"matchId":"nope","scoreA":1,"scoreB":0}']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().length).toBeGreaterThan(0);
    expect(refused.stdout).toBe('');
  });

  it('shows a finished double elimination as its bracket, and a Swiss being played as its standings', async () => {
    const double = await sortie(['tournament', 'show', demoId('tournament:kart-double')]);
    expect(double.stderr).toBe('');
    expect(double.code).toBe(0);
    expect(double.stdout).toMatch(/Format +: double élimination\n +Statut +: terminé\n +Vainqueur +: \S/);
    expect(double.stdout).toContain('\nTableau principal\n  Quarts de finale\n');
    expect(double.stdout).toContain('\nTableau des perdants\n');
    const swiss = await sortie(['tournament', 'show', demoId('tournament:darts-swiss')]);
    expect(swiss.code).toBe(0);
    expect(swiss.stdout).toMatch(/\nClassement\nRANG +JOUEUR +J +V +N +D +PTS +BUCHHOLZ +SB\n/);
    expect(swiss.stdout).toContain('en attente de confirmation');
  });

  it('names an action by its French label in its messages, never by the socket’s name', async () => {
    const run = await sortie(['tournament', 'emit', DEMO_IDS.tournament, 'reportScore', '--params', '{"matchId":"W1-1","scoreA":3}']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Paramètres refusés pour « Saisie d’un score » : /);
    expect(run.stderr).not.toContain('« reportScore »');
  });

  it('refuses bad JSON in --params with exit 2 and a French message', async () => {
    const run = await sortie(['tournament', 'emit', DEMO_IDS.tournament, 'join', '--params', '{oops']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--params n’est pas du JSON valide');
  });

  it('watches a tournament: prints each update until Ctrl-C, then exits 0', async () => {
    const watcher = start(['--json', 'tournament', 'watch', DEMO_IDS.tournament]);
    const done = finish(watcher);
    let stdout = '';
    watcher.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    let stderr = '';
    await new Promise<void>((resolve) => watcher.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), stderr.includes('Ctrl-C') && resolve())));
    const joined = await sortie(['tournament', 'emit', DEMO_IDS.tournament, 'join', '--params', '{"name":"Testeur CLI"}']);
    expect(joined.stderr).toBe('');
    expect(joined.code).toBe(0);
    expect(joined.stdout).toContain('Testeur CLI');
    // Wait for the broadcast to reach the watcher before interrupting it.
    await expect.poll(() => stdout.trim().split('\n').filter(Boolean).length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    watcher.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(0);
    const states = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { participants: Array<{ name: string }> });
    expect(states[0]!.participants.some((p) => p.name === 'Testeur CLI')).toBe(false);
    expect(states.at(-1)!.participants.some((p) => p.name === 'Testeur CLI')).toBe(true);
  });

  it('logs out: the session is gone and whoami exits 1', async () => {
    const run = await sortie(['logout']);
    expect(run.code).toBe(0);
    const who = await sortie(['whoami']);
    expect(who.code).toBe(1);
    expect(who.stderr).toContain('sortie login');
  });
});

describe('sortie when things go wrong', () => {
  it('says the API cannot be reached when the server is down (exit 1)', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    for (const args of [['links', 'resolve', 'poitiers'], ['whoami'], ['events', 'next', '--place', DEMO_IDS.places.tapGarden]]) {
      const run = await sortie(['--api', down, ...args]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toContain(`Impossible de joindre l’API sur ${down}`);
    }
    const socket = await sortie(['--api', down, 'tournament', 'get', DEMO_IDS.tournament]);
    expect(socket.code).toBe(1);
    expect(socket.stderr).toContain(`Impossible de joindre le serveur temps réel sur ${down}`);
  });

  it('exits 2 on usage errors, in French', async () => {
    const unknown = await sortie(['linsk']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('commande inconnue « linsk »');
    expect((await sortie(['links', 'resolve'])).code).toBe(2);
    expect((await sortie(['login', '--password', 'x'])).code).toBe(2);
    expect((await sortie(['--api', 'ftp://example.org', 'whoami'])).code).toBe(2);
  });

  it('keeps stdout pure JSON under --json, failures included', async () => {
    for (const args of [['links', 'resolve', 'poitiers'], ['links', 'resolve', 'inconnu'], ['links', 'resolve'], ['tournament', 'get', DEMO_IDS.tournament]]) {
      const run = await sortie(['--json', ...args]);
      expect(() => JSON.parse(run.stdout), args.join(' ')).not.toThrow();
    }
  });

  it('ends quietly when its reader goes away (sortie … | head -1)', async () => {
    const child = start(['links', '--help']);
    child.stdout.destroy();
    const run = await finish(child);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('prints --version and a French --help quickly, without the server', async () => {
    expect((await sortie(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const help = await sortie(['links', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Utilisation : sortie links <commande> [options]');
    const completion = await sortie(['completion', 'zsh']);
    expect(completion.stdout).toContain('#compdef sortie');
  });

  it('rebuilds dist/ when a source it was built from changed, then runs', async () => {
    const manifestPath = join(packageDir, 'dist/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { builtAt: number; inputs: string[] };
    // A build older than every source: the launcher must rebuild before running.
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, builtAt: 0 }));
    const run = await sortie(['links', 'resolve', DEMO_SHORT_CODES.poitiers]);
    expect(run).toMatchObject({ code: 0, stdout: 'https://www.poitiers.fr/\n' });
    expect(JSON.parse(readFileSync(manifestPath, 'utf8')).builtAt).toBeGreaterThan(0);
  });
});

describe('sortie with an API key (SORTIE_API_KEY)', () => {
  /** A key made by staff through the API, as the dashboard's « Clés d’API » page does. */
  async function apiKey(scopes: string[]): Promise<{ id: string; key: string }> {
    const signed = await app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email: 'staff@demo.sortie.fr', password: PASSWORD } });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken: (signed.json() as { idToken: string }).idToken } });
    const { sessionToken } = login.json() as { sessionToken: string };
    const created = await app.inject({ method: 'POST', url: '/api/me/apiKeys', headers: { authorization: `Bearer ${sessionToken}` }, payload: { name: 'CLI', scopes } });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string; key: string };
  }
  /** No session file: the key alone says who calls. */
  const withKey = (key: string) => ({ env: { SORTIE_API_KEY: key, SORTIE_CONFIG_DIR: join(temp, `no-session-${key.slice(-6)}`) } });

  it('creates a link with a `links` key and no session, as its owner', async () => {
    const { id, key } = await apiKey(['links']);
    const run = await sortie(['--json', 'links', 'create', 'https://www.poitiers.fr/agenda', '--code', `cle-cli-${Date.now().toString(36)}`], withKey(key));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const link = json(run) as { _id: string; url: string; createdBy?: string };
    expect(link.url).toBe('https://www.poitiers.fr/agenda');
    expect(link.createdBy).toBe(DEMO_IDS.users.staff);
    // The server saw the key: its last use is recorded.
    const [row] = await db.query<{ last_used_at: string | null }>('SELECT last_used_at FROM api_keys WHERE id = $1', [id]);
    expect(row!.last_used_at).not.toBeNull();
  });

  it('is refused, in French, what the key’s scopes do not allow, and an unknown key', async () => {
    const { key } = await apiKey(['links']);
    const list = await sortie(['links', 'list'], withKey(key));
    expect(list.code).toBe(1);
    expect(list.stderr).toContain('Cette clé d’API n’a pas la portée « read »');
    const unknown = await sortie(['links', 'create', 'https://www.poitiers.fr/'], withKey(`sortie_${'x'.repeat(43)}`));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Clé d’API inconnue ou révoquée.');
  });
});
