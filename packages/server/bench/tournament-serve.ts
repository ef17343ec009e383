// Child process of the tournament bench (see socket-serve-child.ts): either a bare socket.io server
// that acknowledges at once (BENCH_SERVER=bare, the ceiling), or the Sortie server on the embedded
// default (PGlite in a data folder, BENCH_DATA_DIR) with the demo data and BENCH_TOURNAMENTS
// running round robins.
//
// Child → parent (IPC): { type: 'ready', port, tournaments: [{ id, matchIds }] } or
// { type: 'failed', message }. Parent → child: { type: 'mark' }, { type: 'stop' } → { type: 'stopped', server }.
import { runTournamentAction, TournamentInputSchema, type TournamentActor } from '@sortie/core/domain';
import type { Db } from '../src/db/database';
import { Store } from '../src/db/store';
import { DEMO_IDS } from '../src/demo/ids';
import { runServeChild, serveBare, serveSortie } from './socket-serve-child';

const kind = process.env.BENCH_SERVER ?? 'sortie';
const TOURNAMENTS = Number(process.env.BENCH_TOURNAMENTS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 8);
const STAFF: TournamentActor = { id: DEMO_IDS.users.staff, name: 'Équipe', staff: true };

async function bare() {
  const served = await serveBare('tournament', () => ({ status: 'ok' }));
  return { served, ready: { tournaments: [] } };
}

/** Round robins of PLAYERS walk-ins, started by staff through core's actions: every match ready. */
async function tournaments(db: Db): Promise<Array<{ id: string; matchIds: string[] }>> {
  const store = new Store(db);
  const made = [];
  for (let t = 0; t < TOURNAMENTS; t++) {
    let state = TournamentInputSchema.parse({ name: `Tournoi du banc ${t + 1}`, game: 'Fléchettes', format: 'round_robin' });
    for (let p = 0; p < PLAYERS; p++) state = runTournamentAction('addParticipant', state, STAFF, { name: `Joueur ${p + 1}` });
    state = runTournamentAction('start', state, STAFF, {});
    const stored = await store.insert('tournaments', state);
    made.push({ id: stored._id, matchIds: state.matches.filter((m) => m.status === 'ready' && m.a && m.b).map((m) => m.id) });
  }
  return made;
}

async function sortie() {
  const { seeded, ...served } = await serveSortie(tournaments);
  return { served, ready: { tournaments: seeded } };
}

await runServeChild(kind === 'bare' ? bare : sortie);
