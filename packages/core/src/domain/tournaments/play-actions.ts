import { z } from 'zod';
import { confirm, disqualify, latestRound, nextRound, report, swissRoundToDraw, start, undo } from '../tournament-engine/engine';
import { engineOutcome, NOT_RUNNING, allow, refuse, STAFF_ONLY, TournamentRefusal, type TournamentAction, type TournamentActor, type TournamentState } from './tournament-actions';
import { participantOfUser, playsIn } from './tournament-view';
import { playerOrStaffWhile, staffWhile } from './action-predicates';

const MatchIdSchema = z.string().min(1).max(40);

export const StartTournamentParamsSchema = z.object({});
export const ReportScoreParamsSchema = z.object({
  matchId: MatchIdSchema,
  scoreA: z.number().int().min(0).max(9999),
  scoreB: z.number().int().min(0).max(9999),
});
export const MatchParamsSchema = z.object({ matchId: MatchIdSchema });
export const DisqualifyParamsSchema = z.object({ participantId: z.string().min(1).max(40) });

const staffWhileRunning = staffWhile('running', NOT_RUNNING);

const matchOf = (state: TournamentState, matchId: string) => state.matches.find((m) => m.id === matchId) ?? reject('Match introuvable.');
const reject = (message: string): never => {
  throw new TournamentRefusal(message);
};

/** The participant a player is, and the match they name, refused with `notTheirs` unless they play in it. */
function ownMatch(state: TournamentState, actor: TournamentActor, matchId: string, notTheirs: string) {
  const me = participantOfUser(state, actor.id)!;
  const match = matchOf(state, matchId);
  if (!playsIn(match, me.id)) reject(notTheirs);
  return { me, match };
}

/** `start`: staff close the registrations and draw the first matches. */
export const startTournament: TournamentAction<z.infer<typeof StartTournamentParamsSchema>> = {
  name: 'start',
  params: StartTournamentParamsSchema,
  invalidParams: 'Démarrage invalide.',
  predicate(state, actor) {
    if (!actor?.staff) return refuse(STAFF_ONLY);
    if (state.status !== 'registration') return refuse('Le tournoi a déjà commencé.');
    if (state.participants.filter((p) => !p.dropped && (!state.settings.checkIn || p.checkedIn)).length < 2)
      return refuse(state.settings.checkIn ? 'Il faut au moins deux participants présents (check-in).' : 'Il faut au moins deux participants pour commencer.');
    return allow;
  },
  perform(state) {
    return engineOutcome(start(state));
  },
};

/**
 * `reportScore {matchId, scoreA, scoreB}`: staff's score counts at once; a player may report
 * their own match, and it counts once the opponent (or staff) confirms it.
 */
export const reportScore: TournamentAction<z.infer<typeof ReportScoreParamsSchema>> = {
  name: 'reportScore',
  params: ReportScoreParamsSchema,
  invalidParams: 'Score invalide : matchId, scoreA et scoreB (entiers de 0 à 9999) sont attendus.',
  predicate: playerOrStaffWhile('running', {
    signedOut: 'Connectez-vous pour saisir un score.',
    otherStatus: NOT_RUNNING,
    notPlayer: 'Seuls les joueurs du tournoi et l’équipe saisissent les scores.',
  }),
  perform(state, { matchId, scoreA, scoreB }, actor) {
    if (actor.staff) return engineOutcome(report(state, matchId, scoreA, scoreB, { reportedBy: 'staff' }));
    const { me, match } = ownMatch(state, actor, matchId, 'Vous ne pouvez saisir que le score de votre propre match.');
    if (match.scoreA !== null && !match.confirmed && match.reportedBy !== me.id) reject('Votre adversaire a déjà saisi un score : confirmez-le, ou appelez l’équipe s’il est faux.');
    return engineOutcome(report(state, matchId, scoreA, scoreB, { reportedBy: me.id, confirmed: false }));
  },
};

/** `confirmScore {matchId}`: the opponent of the player who reported (or staff) accepts the score. */
export const confirmScore: TournamentAction<z.infer<typeof MatchParamsSchema>> = {
  name: 'confirmScore',
  params: MatchParamsSchema,
  invalidParams: 'Indiquez le match à confirmer (matchId).',
  predicate: playerOrStaffWhile('running', {
    signedOut: 'Connectez-vous pour confirmer un score.',
    otherStatus: NOT_RUNNING,
    notPlayer: 'Seuls les joueurs du match et l’équipe confirment un score.',
  }),
  perform(state, { matchId }, actor) {
    if (!actor.staff) {
      const { me, match } = ownMatch(state, actor, matchId, 'Seuls les joueurs du match et l’équipe confirment un score.');
      if (match.reportedBy === me.id && !match.confirmed) reject('C’est à votre adversaire de confirmer le score que vous avez saisi.');
    }
    return engineOutcome(confirm(state, matchId));
  },
};

/** `undo {matchId}`: staff reopen a played match whose following matches have not started. */
export const undoMatch: TournamentAction<z.infer<typeof MatchParamsSchema>> = {
  name: 'undo',
  params: MatchParamsSchema,
  invalidParams: 'Indiquez le match à rouvrir (matchId).',
  predicate(state, actor) {
    if (!actor?.staff) return refuse(STAFF_ONLY);
    return state.status === 'registration' ? refuse('Le tournoi n’a pas encore commencé.') : allow;
  },
  perform(state, { matchId }) {
    return engineOutcome(undo(state, matchId));
  },
};

/** `nextRound`: staff pair the next Swiss round once the current one is over. */
export const nextSwissRound: TournamentAction<Record<string, never>> = {
  name: 'nextRound',
  params: z.object({}).strip() as unknown as z.ZodType<Record<string, never>>,
  invalidParams: 'Ronde suivante invalide.',
  predicate(state, actor) {
    const verdict = staffWhileRunning(state, actor);
    if (!verdict.allowed) return verdict;
    if (state.format !== 'swiss') return refuse('Les rondes ne se lancent à la main qu’au système suisse.');
    // The engine's own refusals, known from the state alone: a button can say why before it is pressed.
    if (state.matches.some((m) => m.status !== 'done')) return refuse(`La ronde ${latestRound(state)} n’est pas terminée.`);
    return swissRoundToDraw(state) === null ? refuse('Toutes les rondes ont été jouées.') : allow;
  },
  perform(state) {
    return engineOutcome(nextRound(state));
  },
};

/** `disqualify {participantId}`: staff put a player out; their remaining matches are forfeits. */
export const disqualifyParticipant: TournamentAction<z.infer<typeof DisqualifyParamsSchema>> = {
  name: 'disqualify',
  params: DisqualifyParamsSchema,
  invalidParams: 'Indiquez le participant à disqualifier (participantId).',
  predicate: staffWhileRunning,
  perform(state, { participantId }) {
    return engineOutcome(disqualify(state, participantId));
  },
};
