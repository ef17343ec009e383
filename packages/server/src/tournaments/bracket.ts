import type { Match, Participant, Tournament } from '@sortie/core';

type T = Pick<Tournament, 'format' | 'status' | 'participants' | 'matches'>;

/** A French refusal of a tournament action (answered as {status: 'error', msg}). */
export class TournamentRefusal extends Error {}

/**
 * Builds the matches: a round-robin (everyone meets everyone) or a single-elimination bracket
 * (seed 1 meets the lowest seed; byes go through at once). Other formats use the bracket too.
 */
export function buildMatches(format: T['format'], participants: readonly Participant[]): Match[] {
  const seeded = [...participants].sort((a, b) => a.seed - b.seed);
  if (format === 'round_robin') {
    const matches: Match[] = [];
    for (let i = 0; i < seeded.length; i++)
      for (let j = i + 1; j < seeded.length; j++)
        matches.push({ id: `m${matches.length + 1}`, round: 1, a: seeded[i]!.id, b: seeded[j]!.id, scoreA: null, scoreB: null, winner: null, status: 'ready' });
    return matches;
  }
  let size = 1;
  while (size < seeded.length) size *= 2;
  const rounds = Math.log2(size);
  const matches: Match[] = [];
  for (let round = 1; round <= rounds; round++) {
    const count = size / 2 ** round;
    for (let i = 0; i < count; i++) {
      const a = round === 1 ? (seeded[i]?.id ?? null) : null;
      const b = round === 1 ? (seeded[size - 1 - i]?.id ?? null) : null;
      matches.push({ id: `r${round}m${i + 1}`, round, a, b, scoreA: null, scoreB: null, winner: null, status: round === 1 ? 'ready' : 'pending' });
    }
  }
  for (const match of matches.filter((m) => m.round === 1)) {
    if (match.a && !match.b) finish(matches, match, match.a);
  }
  return matches;
}

function finish(matches: Match[], match: Match, winner: string): void {
  match.winner = winner;
  match.status = 'done';
  const index = Number(match.id.split('m')[1]) - 1;
  const next = matches.find((m) => m.round === match.round + 1 && m.id === `r${match.round + 1}m${Math.floor(index / 2) + 1}`);
  if (!next) return;
  if (index % 2 === 0) next.a = winner;
  else next.b = winner;
  if (next.a && next.b) next.status = 'ready';
}

export function start(t: T): T {
  if (t.status !== 'registration') throw new TournamentRefusal('Le tournoi a déjà commencé.');
  if (t.participants.length < 2) throw new TournamentRefusal('Il faut au moins deux participants pour commencer.');
  return { ...t, status: 'running', matches: buildMatches(t.format, t.participants) };
}

export function join(t: T, participant: { id: string; name: string }): T {
  if (t.status !== 'registration') throw new TournamentRefusal('Les inscriptions sont closes.');
  if (t.participants.some((p) => p.id === participant.id)) throw new TournamentRefusal('Vous êtes déjà inscrit.');
  if (t.participants.length >= 256) throw new TournamentRefusal('Le tournoi est complet.');
  const seed = t.participants.reduce((max, p) => Math.max(max, p.seed), 0) + 1;
  return { ...t, participants: [...t.participants, { ...participant, seed }] };
}

export function leave(t: T, participantId: string): T {
  if (t.status !== 'registration') throw new TournamentRefusal('Les inscriptions sont closes.');
  if (!t.participants.some((p) => p.id === participantId)) throw new TournamentRefusal('Ce participant n’est pas inscrit.');
  return { ...t, participants: t.participants.filter((p) => p.id !== participantId) };
}

export function reportScore(t: T, matchId: string, scoreA: number, scoreB: number): T {
  if (t.status !== 'running') throw new TournamentRefusal('Le tournoi n’est pas en cours.');
  const matches = t.matches.map((m) => ({ ...m }));
  const match = matches.find((m) => m.id === matchId);
  if (!match) throw new TournamentRefusal('Match introuvable.');
  if (match.status !== 'ready' || !match.a || !match.b) throw new TournamentRefusal('Ce match ne peut pas recevoir de score.');
  if (scoreA === scoreB && t.format !== 'round_robin') throw new TournamentRefusal('Un match à élimination ne peut pas finir à égalité.');
  match.scoreA = scoreA;
  match.scoreB = scoreB;
  const winner = scoreA === scoreB ? null : scoreA > scoreB ? match.a : match.b;
  if (t.format === 'round_robin') {
    match.winner = winner;
    match.status = 'done';
  } else finish(matches, match, winner!);
  const finished = matches.every((m) => m.status === 'done');
  return { ...t, matches, status: finished ? 'finished' : 'running' };
}
