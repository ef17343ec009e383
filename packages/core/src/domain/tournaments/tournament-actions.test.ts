import { describe, expect, it } from 'vitest';
import { EngineTournamentSchema, type EngineTournament, type Format } from '../tournament-engine/tournament-engine.schema';
import { canRunTournamentAction, runTournamentAction, TOURNAMENT_ACTION_NAMES, tournamentVerdict } from './tournament-action-registry';
import { TournamentRefusal, type TournamentActor, type TournamentState } from './tournament-actions';
import { awaitsConfirmationFrom, myNextMatch, participantName } from './tournament-view';

const staff: TournamentActor = { id: 'staff', name: 'Équipe', staff: true };
const user = (n: number): TournamentActor => ({ id: `u${n}`, name: `Joueur ${n}`, staff: false });
const fresh = (format: Format = 'single_elimination', settings: Record<string, unknown> = {}): TournamentState => EngineTournamentSchema.parse({ format, settings });
const run = (state: TournamentState, action: Parameters<typeof runTournamentAction>[0], actor: TournamentActor | null, params: unknown = {}) => runTournamentAction(action, state, actor, params);

/** n visitors who joined with their accounts, then the start. */
function started(n: number, format: Format = 'single_elimination'): TournamentState {
  let t = fresh(format);
  for (let i = 1; i <= n; i++) t = run(t, 'join', user(i));
  return run(t, 'start', staff);
}
const firstReady = (t: EngineTournament) => t.matches.find((m) => m.status === 'ready')!;
const userOf = (t: EngineTournament, participantId: string | null) => user(Number(t.participants.find((p) => p.id === participantId)!.userId!.slice(1)));

describe('registration', () => {
  it('lets visitors join once, under their own name or another, and staff add walk-ins', () => {
    let t = run(fresh(), 'join', user(1));
    t = run(t, 'join', user(2), { name: 'La Foudre' });
    t = run(t, 'addParticipant', staff, { name: 'Camille' });
    expect(t.participants.map((p) => [p.id, p.name, p.seed, p.userId ?? null, p.checkedIn])).toEqual([
      ['p1', 'Joueur 1', 1, 'u1', false],
      ['p2', 'La Foudre', 2, 'u2', false],
      ['p3', 'Camille', 3, null, true],
    ]);
    expect(() => run(t, 'join', user(1))).toThrow('Vous êtes déjà inscrit.');
    expect(() => run(t, 'join', null)).toThrow('Connectez-vous pour vous inscrire.');
    expect(() => run(t, 'addParticipant', user(1), { name: 'Intrus' })).toThrow('Réservé à l’équipe.');
    expect(() => run(t, 'addParticipant', staff, { name: 'camille' })).toThrow('« camille » est déjà inscrit.');
    expect(() => run(t, 'addParticipant', staff, { name: '  ' })).toThrow('Le nom du participant est obligatoire');
  });

  it('gives a newcomer an id after the others’, whoever left', () => {
    let t = run(run(fresh(), 'join', user(1)), 'join', user(2));
    t = run(t, 'removeParticipant', staff, { participantId: 'p1' });
    t = run(t, 'join', user(3));
    expect(t.participants.map((p) => [p.id, p.seed])).toEqual([['p2', 2], ['p3', 3]]);
  });

  it('lets a player leave and check in, and staff do it for anyone', () => {
    let t = run(run(fresh(), 'join', user(1)), 'join', user(2));
    t = run(t, 'checkIn', user(1));
    expect(() => run(t, 'checkIn', user(1))).toThrow('Votre présence est déjà confirmée.');
    expect(() => run(t, 'checkIn', user(9))).toThrow('Vous n’êtes pas inscrit à ce tournoi.');
    t = run(t, 'checkIn', staff, { participantId: 'p2' });
    expect(t.participants.every((p) => p.checkedIn)).toBe(true);
    t = run(t, 'leave', user(1));
    expect(t.participants.map((p) => p.id)).toEqual(['p2']);
    expect(() => run(t, 'leave', staff, { participantId: 'p9' })).toThrow('Participant introuvable.');
  });

  it('refuses a full tournament, and registrations once it has started', () => {
    let t = fresh('single_elimination', { maxParticipants: 2 });
    t = run(run(t, 'join', user(1)), 'join', user(2));
    expect(() => run(t, 'join', user(3))).toThrow('Le tournoi est complet.');
    const running = run(t, 'start', staff);
    expect(() => run(running, 'join', user(3))).toThrow('Les inscriptions sont closes.');
    expect(() => run(running, 'removeParticipant', staff, { participantId: 'p1' })).toThrow('disqualifiez');
  });

  it('seeds in the order staff give, and only a full order', () => {
    let t = fresh();
    for (let i = 1; i <= 4; i++) t = run(t, 'join', user(i));
    t = run(t, 'seed', staff, { order: ['p4', 'p3', 'p2', 'p1'] });
    expect(t.participants.map((p) => [p.id, p.seed])).toEqual([['p4', 1], ['p3', 2], ['p2', 3], ['p1', 4]]);
    expect(() => run(t, 'seed', staff, { order: ['p1', 'p2'] })).toThrow('chaque participant une fois');
    expect(() => run(t, 'seed', staff, { order: ['p1', 'p1', 'p2', 'p3'] })).toThrow('chaque participant une fois');
    const semi = run(t, 'start', staff).matches.filter((m) => m.round === 1).map((m) => [m.a, m.b]);
    expect(semi).toEqual([['p4', 'p1'], ['p3', 'p2']]);
  });

  it('lets anyone at the door, signed in or not, take a registered name not yet present, once; staff undo it', () => {
    let t = fresh('single_elimination', { checkIn: true });
    t = run(t, 'join', user(1));
    t = run(run(t, 'addParticipant', staff, { name: 'Luigi' }), 'undoCheckIn', staff, { participantId: 'p2' });
    expect(t.participants.map((p) => p.checkedIn)).toEqual([false, false]);
    // A walk-in without an account, then a visitor signed in who is not registered: both trusted.
    t = run(t, 'walkInCheckIn', null, { participantId: 'p2' });
    t = run(t, 'walkInCheckIn', user(7), { participantId: 'p1' });
    expect(t.participants.map((p) => p.checkedIn)).toEqual([true, true]);
    expect(() => run(t, 'walkInCheckIn', null, { participantId: 'p2' })).toThrow('Luigi est déjà noté·e présent·e : si ce n’est pas vous, voyez l’équipe.');
    expect(() => run(t, 'walkInCheckIn', null, { participantId: 'p9' })).toThrow('Ce nom n’est pas dans la liste des inscrits.');
    expect(() => run(t, 'walkInCheckIn', null, {})).toThrow('Choisissez votre nom dans la liste des inscrits.');
    // Only staff take a presence back, and only a presence.
    expect(() => run(t, 'undoCheckIn', user(1), { participantId: 'p2' })).toThrow('Réservé à l’équipe.');
    expect(() => run(t, 'undoCheckIn', null, { participantId: 'p2' })).toThrow('Réservé à l’équipe.');
    t = run(t, 'undoCheckIn', staff, { participantId: 'p2' });
    expect(() => run(t, 'undoCheckIn', staff, { participantId: 'p2' })).toThrow('Luigi n’est pas noté·e présent·e.');
    t = run(t, 'walkInCheckIn', null, { participantId: 'p2' });
    const running = run(t, 'start', staff);
    expect(() => run(running, 'walkInCheckIn', null, { participantId: 'p1' })).toThrow('Le check-in est clos : le tournoi a commencé.');
    expect(() => run(running, 'undoCheckIn', staff, { participantId: 'p1' })).toThrow('Le check-in est clos : le tournoi a commencé.');
  });

  it('refuses the door’s check-in where the tournament asks for no presence', () => {
    const t = run(fresh(), 'addParticipant', staff, { name: 'Luigi' });
    expect(tournamentVerdict('walkInCheckIn', t, null)).toEqual({ allowed: false, reason: 'Ce tournoi ne demande pas de confirmer sa présence.' });
  });

  it('starts with the checked-in players only when check-in is on', () => {
    let t = fresh('round_robin', { checkIn: true });
    for (let i = 1; i <= 3; i++) t = run(t, 'join', user(i));
    expect(tournamentVerdict('start', t, staff)).toEqual({ allowed: false, reason: 'Il faut au moins deux participants présents (check-in).' });
    t = run(run(t, 'checkIn', user(1)), 'checkIn', user(3));
    t = run(t, 'start', staff);
    expect(t.matches.map((m) => [m.a, m.b])).toEqual([['p1', 'p3']]);
  });
});

describe('scores', () => {
  it('counts a player’s score once the opponent confirms it', () => {
    let t = started(4);
    const match = firstReady(t);
    const reporter = userOf(t, match.a);
    const opponent = userOf(t, match.b);
    t = run(t, 'reportScore', reporter, { matchId: match.id, scoreA: 3, scoreB: 1 });
    expect(t.matches.find((m) => m.id === match.id)).toMatchObject({ status: 'ready', scoreA: 3, scoreB: 1, confirmed: false, reportedBy: match.a });
    expect(() => run(t, 'confirmScore', reporter, { matchId: match.id })).toThrow('C’est à votre adversaire de confirmer');
    expect(awaitsConfirmationFrom(t.matches.find((m) => m.id === match.id)!, match.b!)).toBe(true);
    t = run(t, 'confirmScore', opponent, { matchId: match.id });
    expect(t.matches.find((m) => m.id === match.id)).toMatchObject({ status: 'done', winner: match.a, confirmed: true });
  });

  it('lets a player correct their own report, not overwrite the opponent’s', () => {
    let t = started(2);
    const match = firstReady(t);
    t = run(t, 'reportScore', userOf(t, match.a), { matchId: match.id, scoreA: 1, scoreB: 2 });
    t = run(t, 'reportScore', userOf(t, match.a), { matchId: match.id, scoreA: 2, scoreB: 1 });
    expect(() => run(t, 'reportScore', userOf(t, match.b), { matchId: match.id, scoreA: 0, scoreB: 2 })).toThrow('Votre adversaire a déjà saisi un score');
    t = run(t, 'confirmScore', staff, { matchId: match.id });
    expect(t).toMatchObject({ status: 'finished', winnerId: match.a });
  });

  it('refuses in French: another match, a draw in elimination, an unknown match, a match not ready', () => {
    const t = started(4);
    const [first, second] = t.matches.filter((m) => m.status === 'ready');
    expect(() => run(t, 'reportScore', userOf(t, first!.a), { matchId: second!.id, scoreA: 1, scoreB: 0 })).toThrow('Vous ne pouvez saisir que le score de votre propre match.');
    expect(() => run(t, 'reportScore', staff, { matchId: first!.id, scoreA: 1, scoreB: 1 })).toThrow('Pas d’égalité dans un tableau à élimination');
    expect(() => run(t, 'reportScore', staff, { matchId: 'nope', scoreA: 1, scoreB: 0 })).toThrow('Match introuvable.');
    const final = t.matches.find((m) => m.status === 'pending')!;
    expect(() => run(t, 'reportScore', staff, { matchId: final.id, scoreA: 1, scoreB: 0 })).toThrow('Ce match attend encore ses joueurs.');
    expect(() => run(t, 'reportScore', staff, { matchId: first!.id, scoreA: -1, scoreB: 0 })).toThrow('Score invalide');
    expect(() => run(t, 'reportScore', user(99), { matchId: first!.id, scoreA: 1, scoreB: 0 })).toThrow('Seuls les joueurs du tournoi et l’équipe');
  });

  it('allows a draw in a round robin', () => {
    let t = started(2, 'round_robin');
    t = run(t, 'reportScore', staff, { matchId: firstReady(t).id, scoreA: 2, scoreB: 2 });
    expect(t).toMatchObject({ status: 'finished', matches: [{ winner: null, status: 'done' }] });
  });
});

describe('staff actions while running', () => {
  it('undoes a match, disqualifies, and pairs the next Swiss round', () => {
    let t = started(4, 'swiss');
    expect(tournamentVerdict('nextRound', t, staff)).toEqual({ allowed: false, reason: 'La ronde 1 n’est pas terminée.' });
    expect(() => run(t, 'nextRound', staff)).toThrow('La ronde 1 n’est pas terminée.');
    for (const m of t.matches.filter((x) => x.status === 'ready')) t = run(t, 'reportScore', staff, { matchId: m.id, scoreA: 1, scoreB: 0 });
    const played = t.matches[0]!;
    t = run(t, 'undo', staff, { matchId: played.id });
    expect(t.matches[0]).toMatchObject({ status: 'ready', scoreA: null });
    t = run(t, 'reportScore', staff, { matchId: played.id, scoreA: 0, scoreB: 1 });
    expect(canRunTournamentAction('nextRound', t, staff)).toBe(true);
    t = run(t, 'nextRound', staff);
    expect(t.matches.filter((m) => m.round === 2)).toHaveLength(2);
    t = run(t, 'disqualify', staff, { participantId: 'p1' });
    const forfeited = t.matches.find((m) => m.round === 2 && (m.a === 'p1' || m.b === 'p1'))!;
    expect(forfeited).toMatchObject({ status: 'done', forfeit: true });
    expect(() => run(t, 'disqualify', staff, { participantId: 'p1' })).toThrow('est déjà hors du tournoi');
    expect(() => run(t, 'disqualify', user(2), { participantId: 'p3' })).toThrow('Réservé à l’équipe.');
  });

  it('refuses the next round outside Swiss', () => {
    expect(() => run(started(4), 'nextRound', staff)).toThrow('qu’au système suisse');
  });

  it('shows a player their next match and their opponent', () => {
    const t = started(3);
    const byePlayer = myNextMatch(t, 'u1');
    // Seed 1 has a bye: their next match is the final, still waiting for its opponent.
    expect(byePlayer).toMatchObject({ me: { id: 'p1' }, match: { status: 'pending' }, opponentId: null });
    expect(myNextMatch(t, 'u2')).toMatchObject({ me: { id: 'p2' }, opponentId: 'p3', match: { status: 'ready' } });
    expect(myNextMatch(t, 'stranger')).toBeNull();
    expect(participantName(t, null)).toBe('À déterminer');
    expect(participantName(t, null, true)).toBe('Exempt');
  });
});

describe('the runner', () => {
  it('answers every refusal as a TournamentRefusal and keeps the fields the rules do not own', () => {
    const stored = { ...fresh(), name: 'Pétanque', _id: 'x' };
    expect(() => runTournamentAction('start', stored, user(1), {})).toThrow(TournamentRefusal);
    const joined = runTournamentAction('join', stored, user(1), { name: 42 });
    expect(joined).toMatchObject({ name: 'Pétanque', _id: 'x', participants: [{ name: 'Joueur 1' }] });
    expect(() => runTournamentAction('reportScore', started(2), staff, { matchId: 'x' })).toThrow('Score invalide : matchId, scoreA et scoreB');
  });

  it('names every action the protocol knows', () => {
    expect(TOURNAMENT_ACTION_NAMES).toEqual(['get', 'join', 'leave', 'checkIn', 'walkInCheckIn', 'undoCheckIn', 'addParticipant', 'removeParticipant', 'seed', 'start', 'reportScore', 'confirmScore', 'undo', 'nextRound', 'disqualify']);
  });
});
