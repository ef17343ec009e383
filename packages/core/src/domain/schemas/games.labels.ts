import { MATCH_STATUS_LABELS, RAFFLE_STATUS_LABELS, LEGAL_BASIS_LABELS, TOURNAMENT_BRACKET_LABELS, TOURNAMENT_FORMAT_LABELS, TOURNAMENT_STATUS_LABELS } from '../labels';
import { field, type ResourceLabels } from './field-label';

/** French labels of the games' schemas (games.schema.ts and the tournament engine's). */

export const QUESTION_KIND_LABELS = { track: 'Extrait musical', text: 'Réponse libre', choices: 'Quatre réponses' } as const;
export const QUESTION_ASK_LABELS = { title: 'Le titre', artist: 'L’artiste', both: 'Le titre et l’artiste' } as const;

export const QUESTION_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    kind: field('Type de question', 'Un extrait à reconnaître, une réponse à taper ou quatre réponses au choix.', QUESTION_KIND_LABELS),
    prompt: field('Question', 'Ce que l’écran affiche et que l’animateur lit.'),
    ask: field('Ce qu’il faut trouver', 'Pour un extrait : le titre, l’artiste, ou les deux (la moitié des points chacun).', QUESTION_ASK_LABELS),
    title: field('Titre du morceau', 'Le titre attendu, tel qu’on l’écrit.'),
    artist: field('Artiste', 'L’artiste attendu.'),
    answers: field('Réponses acceptées', 'Une par ligne ; accents, majuscules et petites fautes sont pardonnés.'),
    choices: field('Réponses proposées', 'Les quatre réponses entre lesquelles choisir.'),
    correctChoice: field('Bonne réponse', 'Laquelle des quatre est la bonne (0 pour la première).'),
    points: field('Points', 'Ce que rapporte une bonne réponse immédiate.'),
    timeLimitSeconds: field('Temps pour répondre (secondes)', 'De 5 à 300 secondes.'),
    trackUri: field('Morceau Spotify', 'Son identifiant spotify:track:… (clic droit › Partager dans Spotify).'),
    audioUrl: field('Fichier audio', 'Un extrait joué par le navigateur quand aucun service de musique n’est relié.'),
    offsetSeconds: field('Départ de l’extrait (secondes)', 'Où la musique commence dans le morceau.'),
    coverUrl: field('Pochette', 'Adresse de l’image montrée à la réponse.'),
  },
};

export const BLIND_TEST_STATUS_LABELS = { draft: 'En préparation', live: 'En cours', finished: 'Terminé' } as const;
export const BLIND_TEST_MODE_LABELS = { answers: 'Réponses sur les téléphones', buzzer: 'Buzzer' } as const;
export const BLIND_TEST_TEAM_SCORE_LABELS = { mean: 'Moyenne des joueurs', sum: 'Somme des joueurs' } as const;

export const BLIND_TEST_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    title: field('Titre', 'Le nom de la partie, affiché aux joueurs.'),
    eventId: field('Événement', 'La soirée où la partie se joue.'),
    placeId: field('Lieu', 'Le lieu où la partie se joue.'),
    playlistUri: field('Playlist Spotify', 'Son identifiant spotify:playlist:…, pour en tirer des questions.'),
    questionIds: field('Questions', 'Les questions, dans l’ordre où elles sont jouées.'),
    status: field('Statut', 'En préparation, en cours ou terminée.', BLIND_TEST_STATUS_LABELS),
    mode: field('Mode de jeu', 'Réponses sur les téléphones, ou buzzer et réponse à voix haute.', BLIND_TEST_MODE_LABELS),
    slowestShare: field('Part des points à la dernière seconde', 'De 0 à 1 : 0,5 garde la moitié des points à la dernière seconde.'),
    wrongBuzzPenalty: field('Pénalité d’un mauvais buzz', 'Points perdus sur une mauvaise réponse au buzzer.'),
    streakBonus: field('Bonus de série', 'Points en plus pour chaque bonne réponse d’affilée.'),
    autoReveal: field('Révéler automatiquement', 'La réponse s’affiche d’elle-même à la fin du temps de chaque question, sans attendre « Révéler ».'),
    teams: field('Équipes', 'Leurs noms, pour jouer en équipes ; aucune pour jouer chacun pour soi.'),
    teamScore: field('Score d’une équipe', 'La moyenne de ses joueurs (juste pour des équipes de tailles différentes) ou leur somme.', BLIND_TEST_TEAM_SCORE_LABELS),
  },
};

export const SLOT_LABELS = { a: 'Premier joueur', b: 'Second joueur' } as const;

export const TOURNAMENT_LABELS: ResourceLabels = {
  gender: 'm',
  fields: {
    name: field('Nom', 'Le nom du tournoi, affiché aux joueurs.'),
    eventId: field('Événement', 'La soirée où le tournoi se joue.'),
    game: field('Jeu', 'Baby-foot, fléchettes, Mario Kart…'),
    format: field('Formule', 'Comment les joueurs se rencontrent.', TOURNAMENT_FORMAT_LABELS),
    status: field('Statut', 'Inscriptions, en cours ou terminé.', TOURNAMENT_STATUS_LABELS),
    settings: field('Réglages', 'Les règles de la formule choisie.'),
    'settings.thirdPlace': field('Petite finale', 'Les perdants des demi-finales jouent la troisième place.'),
    'settings.grandFinalReset': field('Revanche en grande finale', 'Double élimination : une seconde finale si le joueur venu du tableau des perdants gagne la première.'),
    'settings.swissRounds': field('Nombre de rondes', 'Système suisse : vide, autant que nécessaire pour départager.'),
    'settings.groupSize': field('Joueurs par poule', 'Vide : une seule poule (4 pour poules puis élimination).'),
    'settings.advancePerGroup': field('Qualifiés par poule', 'Combien de chaque poule passent en élimination directe.'),
    'settings.bestOf': field('Manches par match', 'Au-delà de 1, le score compte les manches gagnées.'),
    'settings.points': field('Points au classement', 'Ce que rapporte chaque résultat en poule ou en ronde.'),
    'settings.points.win': field('Victoire', 'Points d’une victoire.'),
    'settings.points.draw': field('Match nul', 'Points d’un match nul.'),
    'settings.points.loss': field('Défaite', 'Points d’une défaite.'),
    'settings.maxParticipants': field('Joueurs au plus', 'Vide : pas de limite.'),
    'settings.checkIn': field('Pointage à l’arrivée', 'Seuls les joueurs pointés sont tirés au départ.'),
    'settings.stations': field('Postes', 'Les tables, consoles ou cibles, par leur nom : chaque match prêt va au prochain poste libre.'),
    'settings.matchMinutes': field('Durée d’un match (minutes)', 'Pour annoncer aux joueurs l’heure estimée de leur match.'),
    participants: field('Joueurs', 'Les inscrits, dans l’ordre de leur tête de série.'),
    'participants.id': field('Numéro du joueur', 'Attribué à l’inscription.'),
    'participants.name': field('Nom du joueur', 'Tel qu’il s’affiche dans le tableau.'),
    'participants.seed': field('Tête de série', '1 pour le favori.'),
    'participants.userId': field('Compte', 'Le compte Sortie du joueur, s’il en a un.'),
    'participants.checkedIn': field('Pointé', 'Présent à l’arrivée.'),
    'participants.dropped': field('Retiré', 'Disqualifié, forfait ou absent : plus tiré ni apparié.'),
    matches: field('Matchs', 'Tirés par le tournoi ; les scores se saisissent dans le panneau du tournoi.'),
    'matches.id': field('Numéro du match', 'Attribué au tirage.'),
    'matches.stage': field('Phase', '1, ou 2 pour l’élimination après les poules.'),
    'matches.bracket': field('Tableau', 'La partie du tournoi où se joue le match.', TOURNAMENT_BRACKET_LABELS),
    'matches.group': field('Poule', 'Le numéro de la poule.'),
    'matches.round': field('Tour', 'Le numéro du tour.'),
    'matches.a': field('Premier joueur', 'Tiré par le tournoi.'),
    'matches.b': field('Second joueur', 'Tiré par le tournoi.'),
    'matches.scoreA': field('Score du premier joueur', 'Manches ou points gagnés.'),
    'matches.scoreB': field('Score du second joueur', 'Manches ou points gagnés.'),
    'matches.winner': field('Vainqueur', 'Vide sur un match nul ou pas encore joué.'),
    'matches.status': field('État du match', 'En attente, à jouer ou joué.', MATCH_STATUS_LABELS),
    'matches.reportedBy': field('Score saisi par', 'Qui a annoncé le score.'),
    'matches.confirmed': field('Score confirmé', 'Confirmé par l’adversaire ou l’équipe.'),
    'matches.forfeit': field('Gagné par forfait', 'L’adversaire a été disqualifié.'),
    'matches.winnerTo': field('Le vainqueur va en', 'Le match suivant du vainqueur.'),
    'matches.winnerTo.matchId': field('Match suivant', 'Tiré par le tournoi.'),
    'matches.winnerTo.slot': field('Place', 'Premier ou second joueur du match suivant.', SLOT_LABELS),
    'matches.loserTo': field('Le perdant va en', 'Le match suivant du perdant (double élimination).'),
    'matches.loserTo.matchId': field('Match suivant', 'Tiré par le tournoi.'),
    'matches.loserTo.slot': field('Place', 'Premier ou second joueur du match suivant.', SLOT_LABELS),
    'matches.station': field('Poste', 'Où le match se joue, de son appel à son score.'),
    'matches.calledAt': field('Appelé à', 'L’heure où le match a été appelé à son poste.'),
    standings: field('Classement', 'Calculé par le tournoi à chaque résultat.'),
    'standings.participantId': field('Joueur', 'Le joueur classé.'),
    'standings.rank': field('Rang', '1 pour le premier.'),
    'standings.group': field('Poule', 'Le numéro de la poule.'),
    'standings.played': field('Joués', 'Matchs joués.'),
    'standings.wins': field('Victoires', 'Matchs gagnés.'),
    'standings.draws': field('Nuls', 'Matchs nuls.'),
    'standings.losses': field('Défaites', 'Matchs perdus.'),
    'standings.points': field('Points', 'Points au classement.'),
    'standings.tiebreaks': field('Départages', 'Ce qui sépare les joueurs à égalité de points.'),
    'standings.tiebreaks.headToHead': field('Confrontations directes', 'Points pris contre les joueurs à égalité.'),
    'standings.tiebreaks.buchholz': field('Buchholz', 'La somme des points des adversaires.'),
    'standings.tiebreaks.sonnebornBerger': field('Sonneborn-Berger', 'Points des adversaires battus, plus la moitié de ceux des nuls.'),
    winnerId: field('Vainqueur du tournoi', 'Connu à la fin du tournoi.'),
  },
};

export const RAFFLE_ENTRY_POLICY_VALUE_LABELS = { verified: 'Comptes vérifiés seulement', emailLink: 'Tout le monde, après confirmation par e-mail' } as const;

export const RAFFLE_LABELS: ResourceLabels = {
  gender: 'f',
  fields: {
    title: field('Titre', 'Le nom de la tombola, affiché aux participants.'),
    description: field('Description', 'Comment participer, ce qui est en jeu : en Markdown.'),
    prizes: field('Lots', 'Ce qui est à gagner, dans l’ordre du tirage.'),
    'prizes.name': field('Lot', 'Ce qui est à gagner.'),
    'prizes.quantity': field('Quantité', 'Combien de gagnants pour ce lot.'),
    eventId: field('Événement', 'La soirée de la tombola (facultatif).'),
    placeId: field('Lieu', 'Le lieu de la tombola (facultatif).'),
    opensAt: field('Ouverture des participations', 'Heure de Paris.'),
    closesAt: field('Clôture des participations', 'Heure de Paris ; le tirage a lieu après.'),
    status: field('Statut', 'En préparation, ouverte, close ou tirée.', RAFFLE_STATUS_LABELS),
    legalBasis: field('Cadre légal', 'Tirage gratuit sans obligation d’achat, ou loterie associative autorisée.', LEGAL_BASIS_LABELS),
    authorisationRef: field('Référence d’autorisation', 'Le numéro de l’arrêté, pour une loterie associative.'),
    rules: field('Règlement', 'Le règlement complet, en Markdown.'),
    entryPolicy: field('Qui peut participer', 'Les comptes vérifiés seulement, ou tout le monde après confirmation par e-mail.', RAFFLE_ENTRY_POLICY_VALUE_LABELS),
  },
};
