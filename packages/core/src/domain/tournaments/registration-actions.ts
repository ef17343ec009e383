import { z } from 'zod';
import { MAX_PARTICIPANTS } from '../tournament-engine/tournament-engine.constants';
import type { Participant } from '../tournament-engine/tournament-engine.schema';
import { allow, refuse, REGISTRATION_CLOSED, STAFF_ONLY, TournamentRefusal, type TournamentAction, type TournamentActor, type TournamentState } from './tournament-actions';
import { participantOfUser } from './tournament-view';
import { playerOrStaffWhile, staffWhile } from './action-predicates';

const NameSchema = z.string().trim().min(1).max(80);
const ParticipantIdSchema = z.string().min(1).max(40);

export const JoinTournamentParamsSchema = z.object({ name: NameSchema.optional().catch(undefined) });
export const LeaveTournamentParamsSchema = z.object({ participantId: ParticipantIdSchema.optional().catch(undefined) });
export const CheckInParamsSchema = z.object({ participantId: ParticipantIdSchema.optional().catch(undefined) });
export const WalkInCheckInParamsSchema = z.object({ participantId: ParticipantIdSchema });
export const UndoCheckInParamsSchema = z.object({ participantId: ParticipantIdSchema });
export const AddParticipantParamsSchema = z.object({ name: NameSchema });
export const RemoveParticipantParamsSchema = z.object({ participantId: ParticipantIdSchema });
export const SeedParamsSchema = z.object({ order: z.array(ParticipantIdSchema).min(1).max(MAX_PARTICIPANTS) });

const capacity = (state: TournamentState) => state.settings.maxParticipants ?? MAX_PARTICIPANTS;

/** A new participant's id and seed, after the highest ones: unique, and last in the seeding. */
function newcomer(state: TournamentState, name: string, userId?: string): Participant {
  const last = state.participants.reduce((max, p) => Math.max(max, Number(/^p(\d+)$/.exec(p.id)?.[1] ?? 0)), 0);
  const seed = state.participants.reduce((max, p) => Math.max(max, p.seed), 0) + 1;
  return { id: `p${last + 1}`, name, seed, ...(userId === undefined ? {} : { userId }), checkedIn: false, dropped: false };
}

function registrationOpen(state: TournamentState): string | null {
  if (state.status !== 'registration') return REGISTRATION_CLOSED;
  if (state.participants.length >= capacity(state)) return 'Le tournoi est complet.';
  return null;
}

/** The participant an action names: staff may name anyone, anyone else only themself. */
function targetOf(state: TournamentState, actor: TournamentActor, participantId: string | undefined): Participant {
  const target =
    participantId !== undefined && actor.staff ? state.participants.find((p) => p.id === participantId) : participantOfUser(state, actor.id);
  if (!target) throw new TournamentRefusal(participantId !== undefined && actor.staff ? 'Participant introuvable.' : 'Vous n’êtes pas inscrit à ce tournoi.');
  return target;
}

/** The state without the participant an action names (see `targetOf`). */
function withoutTarget(state: TournamentState, actor: TournamentActor, participantId: string | undefined): TournamentState {
  const target = targetOf(state, actor, participantId);
  return { ...state, participants: state.participants.filter((p) => p.id !== target.id) };
}

/** `join {name?}`: a signed-in visitor registers, under the name given or their own. */
export const joinTournament: TournamentAction<z.infer<typeof JoinTournamentParamsSchema>> = {
  name: 'join',
  params: JoinTournamentParamsSchema,
  invalidParams: 'Inscription invalide.',
  predicate(state, actor) {
    if (!actor) return refuse('Connectez-vous pour vous inscrire.');
    if (participantOfUser(state, actor.id)) return refuse('Vous êtes déjà inscrit.');
    const closed = registrationOpen(state);
    return closed ? refuse(closed) : allow;
  },
  perform(state, params, actor) {
    return { ...state, participants: [...state.participants, newcomer(state, params.name || actor.name, actor.id)] };
  },
};

/** `leave {participantId?}`: a visitor unregisters; staff may unregister anyone. */
export const leaveTournament: TournamentAction<z.infer<typeof LeaveTournamentParamsSchema>> = {
  name: 'leave',
  params: LeaveTournamentParamsSchema,
  invalidParams: 'Désinscription invalide.',
  predicate: playerOrStaffWhile('registration', {
    signedOut: 'Connectez-vous pour vous désinscrire.',
    otherStatus: REGISTRATION_CLOSED,
    notPlayer: 'Vous n’êtes pas inscrit à ce tournoi.',
  }),
  perform(state, params, actor) {
    return withoutTarget(state, actor, params.participantId);
  },
};

const checkInOpen = playerOrStaffWhile('registration', {
  signedOut: 'Connectez-vous pour confirmer votre présence.',
  otherStatus: 'Le check-in est clos : le tournoi a commencé.',
  notPlayer: 'Vous n’êtes pas inscrit à ce tournoi.',
});

/** `checkIn {participantId?}`: a player says they are here; staff may check anyone in. */
export const checkIn: TournamentAction<z.infer<typeof CheckInParamsSchema>> = {
  name: 'checkIn',
  params: CheckInParamsSchema,
  invalidParams: 'Check-in invalide.',
  predicate(state, actor) {
    const verdict = checkInOpen(state, actor);
    if (!verdict.allowed) return verdict;
    return actor && !actor.staff && participantOfUser(state, actor.id)?.checkedIn ? refuse('Votre présence est déjà confirmée.') : allow;
  },
  perform(state, params, actor) {
    const target = targetOf(state, actor, params.participantId);
    return { ...state, participants: state.participants.map((p) => (p.id === target.id ? { ...p, checkedIn: true } : p)) };
  },
};

/** The registered player an action at the door names (not one removed). */
function registeredAt(state: TournamentState, participantId: string): Participant {
  const target = state.participants.find((p) => p.id === participantId && !p.dropped);
  if (!target) throw new TournamentRefusal('Ce nom n’est pas dans la liste des inscrits.');
  return target;
}

const markPresent = (state: TournamentState, id: string, checkedIn: boolean): TournamentState => ({
  ...state,
  participants: state.participants.map((p) => (p.id === id ? { ...p, checkedIn } : p)),
});

/**
 * `walkInCheckIn {participantId}`: at the door, from the check-in QR code, anyone (signed in or
 * not: a walk-in has no account) says « Je suis là » under a registered name not yet present.
 * A bar trusts its guests; a name already present cannot be taken twice, and staff undo a mistake
 * (`undoCheckIn`).
 */
export const walkInCheckIn: TournamentAction<z.infer<typeof WalkInCheckInParamsSchema>> = {
  name: 'walkInCheckIn',
  params: WalkInCheckInParamsSchema,
  invalidParams: 'Choisissez votre nom dans la liste des inscrits.',
  predicate(state) {
    if (state.status !== 'registration') return refuse('Le check-in est clos : le tournoi a commencé.');
    return state.settings.checkIn ? allow : refuse('Ce tournoi ne demande pas de confirmer sa présence.');
  },
  perform(state, { participantId }) {
    const target = registeredAt(state, participantId);
    if (target.checkedIn) throw new TournamentRefusal(`${target.name} est déjà noté·e présent·e : si ce n’est pas vous, voyez l’équipe.`);
    return markPresent(state, target.id, true);
  },
};

/** `undoCheckIn {participantId}`: staff take back a presence (a name taken by mistake), before the start. */
export const undoCheckIn: TournamentAction<z.infer<typeof UndoCheckInParamsSchema>> = {
  name: 'undoCheckIn',
  params: UndoCheckInParamsSchema,
  invalidParams: 'Indiquez le participant (participantId).',
  predicate: staffWhile('registration', 'Le check-in est clos : le tournoi a commencé.'),
  perform(state, { participantId }) {
    const target = registeredAt(state, participantId);
    if (!target.checkedIn) throw new TournamentRefusal(`${target.name} n’est pas noté·e présent·e.`);
    return markPresent(state, target.id, false);
  },
};

/** `addParticipant {name}`: staff register a walk-in without an account. */
export const addParticipant: TournamentAction<z.infer<typeof AddParticipantParamsSchema>> = {
  name: 'addParticipant',
  params: AddParticipantParamsSchema,
  invalidParams: 'Le nom du participant est obligatoire (80 caractères au plus).',
  predicate(state, actor) {
    if (!actor?.staff) return refuse(STAFF_ONLY);
    const closed = registrationOpen(state);
    return closed ? refuse(closed) : allow;
  },
  perform(state, { name }) {
    if (state.participants.some((p) => p.name.toLocaleLowerCase('fr') === name.toLocaleLowerCase('fr'))) throw new TournamentRefusal(`« ${name} » est déjà inscrit.`);
    // Staff add a player who is here: checked in at once.
    return { ...state, participants: [...state.participants, { ...newcomer(state, name), checkedIn: true }] };
  },
};

/** `removeParticipant {participantId}`: staff take someone off before the start (after it, `disqualify`). */
export const removeParticipant: TournamentAction<z.infer<typeof RemoveParticipantParamsSchema>> = {
  name: 'removeParticipant',
  params: RemoveParticipantParamsSchema,
  invalidParams: 'Indiquez le participant à retirer (participantId).',
  predicate: staffWhile('registration', 'Le tournoi a commencé : disqualifiez le participant plutôt.'),
  perform(state, { participantId }, actor) {
    return withoutTarget(state, actor, participantId);
  },
};

/** `seed {order}`: staff set the seeds, 1 for the first id; every participant must be named once. */
export const seedParticipants: TournamentAction<z.infer<typeof SeedParamsSchema>> = {
  name: 'seed',
  params: SeedParamsSchema,
  invalidParams: 'Ordre invalide : une liste d’identifiants de participants est attendue (order).',
  predicate: staffWhile('registration', 'Les têtes de série se fixent avant le début du tournoi.'),
  perform(state, { order }) {
    const known = new Set(state.participants.map((p) => p.id));
    if (new Set(order).size !== order.length || order.length !== known.size || order.some((id) => !known.has(id)))
      throw new TournamentRefusal('L’ordre doit citer chaque participant une fois et une seule.');
    const seedOf = new Map(order.map((id, i) => [id, i + 1]));
    return { ...state, participants: state.participants.map((p) => ({ ...p, seed: seedOf.get(p.id)! })).sort((x, y) => x.seed - y.seed) };
  },
};
