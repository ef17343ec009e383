/**
 * What `sortie tournament emit --help` says of each action the socket accepts. Plain text kept
 * out of core on purpose: the command tree must not load zod (startup time). The rules stay in
 * core: tournament-actions-help.test.ts checks that these names are TOURNAMENT_ACTION_NAMES and
 * that every example passes the action's own params schema.
 */
export interface TournamentActionHelp {
  name: string;
  /** The params, as a reader types them. */
  params: string;
  summary: string;
  /** The params of the example, or null when it takes none. */
  example: Record<string, unknown> | null;
}

export const TOURNAMENT_ACTIONS_HELP: readonly TournamentActionHelp[] = [
  { name: 'get', params: '', summary: 'lit le tournoi (comme tournament get)', example: null },
  { name: 'join', params: '{name?}', summary: 's’inscrire (sous son nom, ou celui donné)', example: { name: 'Léa' } },
  { name: 'leave', params: '{participantId?}', summary: 'se désinscrire ; l’équipe peut désinscrire quelqu’un', example: null },
  { name: 'checkIn', params: '{participantId?}', summary: 'confirmer sa présence ; l’équipe pour quelqu’un', example: { participantId: 'p3' } },
  { name: 'walkInCheckIn', params: '{participantId}', summary: 'confirmer sa présence sous un nom inscrit, sans compte (QR code de l’entrée)', example: { participantId: 'p3' } },
  { name: 'undoCheckIn', params: '{participantId}', summary: 'annuler une présence confirmée par erreur (équipe)', example: { participantId: 'p3' } },
  { name: 'addParticipant', params: '{name}', summary: 'inscrire un joueur sans compte (équipe)', example: { name: 'Noé' } },
  { name: 'removeParticipant', params: '{participantId}', summary: 'retirer un participant avant le début (équipe)', example: { participantId: 'p3' } },
  { name: 'seed', params: '{order}', summary: 'fixer les têtes de série, tous les participants dans l’ordre (équipe)', example: { order: ['p2', 'p1', 'p3'] } },
  { name: 'start', params: '', summary: 'clore les inscriptions et tirer les premiers matchs (équipe)', example: null },
  { name: 'reportScore', params: '{matchId, scoreA, scoreB}', summary: 'saisir un score (celui d’un joueur attend la confirmation de l’adversaire)', example: { matchId: 'W1-1', scoreA: 3, scoreB: 1 } },
  { name: 'confirmScore', params: '{matchId}', summary: 'confirmer le score saisi par l’adversaire', example: { matchId: 'W1-1' } },
  { name: 'undo', params: '{matchId}', summary: 'rouvrir un match joué (équipe)', example: { matchId: 'W1-1' } },
  { name: 'nextRound', params: '', summary: 'apparier la ronde suivante du système suisse (équipe)', example: null },
  { name: 'disqualify', params: '{participantId}', summary: 'disqualifier : ses matchs restants sont perdus par forfait (équipe)', example: { participantId: 'p3' } },
];

/** The "Actions :" block of `tournament emit --help`: each action, its params, then an example. */
export function tournamentActionsHelp(): string {
  const width = Math.max(...TOURNAMENT_ACTIONS_HELP.map((a) => `${a.name} ${a.params}`.trimEnd().length));
  const lines = ['', 'Actions (dans les exemples, $ID est l’identifiant du tournoi) :'];
  for (const action of TOURNAMENT_ACTIONS_HELP) {
    lines.push(`  ${`${action.name} ${action.params}`.trimEnd().padEnd(width)}  ${action.summary}`);
    lines.push(`    $ sortie tournament emit $ID ${action.name}${action.example ? ` --params '${JSON.stringify(action.example)}'` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
