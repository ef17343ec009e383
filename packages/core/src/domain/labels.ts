import type { FIELD_TYPES } from './schemas/forms.schema';
import type { LEGAL_BASES, Raffle } from './schemas/games.schema';
import type { NotificationKind } from './schemas/people.schema';
import type { Bracket, Format, MatchStatus, Status } from './tournament-engine/tournament-engine.schema';
import type { TournamentActionName } from './tournaments/tournament-action-registry';

/*
 * French labels of the enums the interfaces show, once for the web and the CLI. Kept apart from
 * the schemas (type imports only) so that a page showing a label does not download zod.
 */

/** The French names of the tournament formats. */
export const TOURNAMENT_FORMAT_LABELS: Readonly<Record<Format, string>> = {
  single_elimination: 'élimination directe',
  double_elimination: 'double élimination',
  round_robin: 'toutes rondes',
  swiss: 'système suisse',
  groups_then_elimination: 'poules puis élimination directe',
};

/** The French names of the states of a tournament. */
export const TOURNAMENT_STATUS_LABELS: Readonly<Record<Status, string>> = {
  registration: 'inscriptions ouvertes',
  running: 'en cours',
  finished: 'terminé',
};

/** The French names of the parts of a tournament a match belongs to. */
export const TOURNAMENT_BRACKET_LABELS: Readonly<Record<Bracket, string>> = {
  winners: 'tableau principal',
  losers: 'tableau des perdants',
  grand_final: 'grande finale',
  third_place: 'petite finale',
  group: 'poule',
  swiss: 'ronde suisse',
  round_robin: 'toutes rondes',
};

/** The French names of a tournament's actions (the socket's names are for programs, never for messages). */
export const TOURNAMENT_ACTION_LABELS: Readonly<Record<TournamentActionName | 'get', string>> = {
  get: 'Lecture du tournoi',
  join: 'Inscription',
  leave: 'Désinscription',
  checkIn: 'Pointage',
  walkInCheckIn: 'Pointage à l’entrée',
  undoCheckIn: 'Annulation d’un pointage',
  addParticipant: 'Ajout d’un participant',
  removeParticipant: 'Retrait d’un participant',
  seed: 'Têtes de série',
  start: 'Démarrage du tournoi',
  reportScore: 'Saisie d’un score',
  confirmScore: 'Confirmation d’un score',
  undo: 'Annulation d’un résultat',
  nextRound: 'Ronde suivante',
  disqualify: 'Disqualification',
};

/** The French names of the states of a match. */
export const MATCH_STATUS_LABELS: Readonly<Record<MatchStatus, string>> = {
  pending: 'en attente',
  ready: 'à jouer',
  done: 'joué',
};

export const RAFFLE_STATUS_LABELS: Record<Raffle['status'], string> = {
  draft: 'En préparation',
  open: 'Participations ouvertes',
  closed: 'Participations closes',
  drawn: 'Tirage effectué',
};

/** Short labels, for a select or a table cell. */
export const LEGAL_BASIS_LABELS: Record<(typeof LEGAL_BASES)[number], string> = {
  free_draw: 'Tirage gratuit',
  association_lottery: 'Loterie associative',
};

/** The legal basis in the words a French visitor expects, with the authorisation's reference. */
export function legalBasisText(raffle: Pick<Raffle, 'legalBasis' | 'authorisationRef'>): string | null {
  if (raffle.legalBasis === 'free_draw') return 'Tirage gratuit sans obligation d’achat';
  if (raffle.legalBasis === 'association_lottery') return `Loterie associative autorisée par arrêté n° ${raffle.authorisationRef ?? '(référence à préciser)'}`;
  return null;
}

export const FIELD_TYPE_LABELS: Record<(typeof FIELD_TYPES)[number], string> = {
  text: 'Texte',
  email: 'E-mail',
  number: 'Nombre',
  select: 'Liste',
  checkbox: 'Case à cocher',
  date: 'Date',
  textarea: 'Texte long',
};

/**
 * Each kind of notification in the words of the three places that name it: the visitor's own
 * preferences (`label`, `hint`), the staff's user form (`label`, `staffHint`), and a mail's footer
 * and unsubscribe page (`inMail`, « vous ne recevrez plus {inMail} par e-mail »).
 */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, { label: string; hint: string; staffHint: string; inMail: string }>> = {
  reminder: {
    label: 'Rappels de mes favoris',
    hint: 'La veille et une heure avant un événement que j’aime.',
    staffHint: 'Avant un événement qu’elle a aimé.',
    inMail: 'les rappels de vos favoris',
  },
  followedEvent: {
    label: 'Nouveautés de mes abonnements',
    hint: 'Quand un lieu, une organisation ou un artiste que je suis publie un événement.',
    staffHint: 'Les événements de ce qu’elle suit.',
    inMail: 'les nouveaux événements de vos abonnements',
  },
  raffleDraw: {
    label: 'Tirages de tombola',
    hint: 'Quand une tombola à laquelle je participe est tirée.',
    staffHint: 'Le résultat des tombolas où elle joue.',
    inMail: 'les tirages de tombola',
  },
  announcement: {
    label: 'Annonces',
    hint: 'Ce que les lieux et organisations que je suis, et les événements où je participe, ont à me dire.',
    staffHint: 'Les messages des lieux, organisations et événements qu’elle suit ou où elle participe.',
    inMail: 'les annonces des lieux, organisations et événements',
  },
  blindTestSoon: {
    label: 'Blind tests de mes lieux',
    hint: 'Quand un blind test va commencer dans un lieu que je suis.',
    staffHint: 'Les blind tests sur le point de commencer dans les lieux qu’elle suit.',
    inMail: 'les blind tests de vos lieux',
  },
  matchReady: {
    label: 'Mes matchs de tournoi',
    hint: 'Quand mon prochain match est appelé, avec sa table.',
    staffHint: 'Quand son prochain match de tournoi est appelé à une table.',
    inMail: 'les appels de vos matchs de tournoi',
  },
};
