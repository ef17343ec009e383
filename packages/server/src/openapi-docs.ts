import { FILE_ROUTES, type FileRouteName } from '@sortie/core';

/*
 * What the OpenAPI document says of each route beyond its schemas: a French summary, its tag,
 * who may call it and the refusals it can answer beyond those that follow from that (see
 * errorsFor in openapi.ts). One row per operation of core's table: openapi.test.ts fails on an
 * operation without one, and on a route Fastify serves that the document does not list.
 */

/**
 * public: anyone; optional: anyone, a session may change the answer; user/staff/admin: the role
 * asked; session: any signed-in account, never with an API key; staffSession: staff, never with
 * an API key. The document states it in each operation's `x-access`, and the authorisation
 * matrix test (routes/authorization-matrix.test.ts) calls every route to check it.
 */
export type Access = 'public' | 'optional' | 'user' | 'staff' | 'admin' | 'session' | 'staffSession';

export interface OperationDoc {
  summary: string;
  tag: TagName;
  access: Access;
  description?: string;
  /** Refusals beyond 400 (input), 404 (a path parameter), 401/403/429 (a signed-in route). */
  errors?: number[];
  /** The success status when it is not 200 (204 is read from a response of z.undefined()). */
  status?: number;
  success?: string;
  /** Not JSON: the media type of the answer (a CSV file, an image). */
  responseType?: string;
  /** Not JSON: the media type of the body (an uploaded file). */
  requestType?: string;
}

export const TAGS = [
  { name: 'Session', description: 'Comptes du fournisseur d’identité intégré, ouverture et fermeture de session.' },
  { name: 'Clés d’API', description: 'Les clés des scripts, tâches planifiées et sites partenaires : créées, listées et révoquées par session seulement.' },
  { name: 'Mon compte', description: 'Ce que la personne connectée aime, suit, reçoit et choisit.' },
  { name: 'Liens et partages', description: 'Liens courts, liens dynamiques et vues de partage.' },
  { name: 'Formulaires et tombolas', description: 'Réponses aux formulaires, participations, tirage vérifiable.' },
  { name: 'Découverte', description: 'Recherche, offres d’emploi ouvertes, badges publics.' },
  { name: 'Tableau de bord', description: 'Serveur, statistiques, tâches, collecteurs, e-mails, rôles.' },
  { name: 'Serveur', description: 'Santé, configuration publique, documents de l’API et de la documentation.' },
  { name: 'Hors API', description: 'Ce que le serveur sert en dehors de /api : redirections des liens courts, plan du site, fichiers de démonstration.' },
  { name: 'Images', description: 'Images envoyées, redimensionnées en plusieurs tailles.' },
  { name: 'Calendriers', description: 'Fichiers iCalendar (.ics) à importer ou à suivre dans un agenda.' },
  { name: 'Fédération', description: 'ActivityPub : chaque lieu et chaque organisation est un compte que Mastodon, Mobilizon ou Gancio suivent (WebFinger, profil, boîtes, abonnés).' },
  { name: 'Designer', description: 'Affiches (PDF) et visuels (PNG) des événements, des lieux et des tournois, avec le QR code de leur lien court.' },
  { name: 'Paiement', description: 'Abonnements Sortie Pro par Stripe : Checkout, portail client, vérification d’une session, webhook signé. Sans clés Stripe : 503 « Paiement non configuré ».' },
  // One per resource of RESOURCES (openapi.ts names them from their French label).
  ...[
    'Artistes', 'Badges', 'Blind tests', 'Collecteurs', 'Liens dynamiques', 'Catégories', 'Événements', 'Formulaires', 'Modèles de formulaire',
    'Cartes', 'Organisations', 'Lieux', 'Questions', 'Tombolas', 'Collectes', 'Boutiques', 'Tournois', 'Utilisateurs', 'Offres d’emploi',
    'Types de lieu', 'Rôles de lieu', 'Rôles d’événement', 'Championnats', 'Articles', 'Documentation', 'Modèles d’e-mail', 'Images',
    'Tâches', 'Notifications', 'Partages',
  ].map((name) => ({ name, description: `Lecture et écriture : ${name.toLowerCase()}.` })),
].filter((tag, index, all) => all.findIndex((other) => other.name === tag.name) === index);

export type TagName = string;

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  // Session.
  signUp: { summary: 'Crée un compte (e-mail et mot de passe)', tag: 'Session', access: 'public', status: 201, success: 'Compte créé : un idToken à passer à /api/auth/login/web.', errors: [409, 429], description: 'Fournisseur d’identité intégré (sans Firebase). Limité en nombre d’essais par adresse IP.' },
  signIn: { summary: 'Vérifie un e-mail et un mot de passe', tag: 'Session', access: 'public', success: 'Un idToken à passer à /api/auth/login/web.', errors: [401, 429], description: 'Limité en nombre d’essais par adresse IP, et par compte : après 10 mots de passe faux en 15 minutes, d’où qu’ils viennent, le compte refuse toute connexion (429) pendant 15 minutes et son titulaire reçoit un e-mail avec un lien de réinitialisation.' },
  loginWeb: { summary: 'Ouvre une session à partir d’un idToken', tag: 'Session', access: 'public', success: 'La session est ouverte (cookie httpOnly) ; un appareil qui a déjà une session de ce compte (cookie httpOnly sortie_device) la reprend, avec un nouveau jeton, au lieu d’en ouvrir une autre ; sans en-tête Origin (la ligne de commande), son jeton est aussi dans la réponse.', errors: [401, 429] },
  me: { summary: 'La personne connectée', tag: 'Session', access: 'user', success: 'Le compte de la session.' },
  logout: { summary: 'Ferme la session', tag: 'Session', access: 'optional', success: 'Session fermée : { user: null }.', errors: [403], description: 'Les connexions temps réel ouvertes avec cette session sont fermées sur tous les serveurs.' },
  // Verified e-mails, password reset and the account's sessions (issue 22).
  verifyEmail: { summary: 'Confirme une adresse e-mail par le lien reçu', tag: 'Session', access: 'public', success: 'L’adresse du compte est vérifiée.', description: 'Le jeton du lien envoyé à l’inscription (ou renvoyé) : valable 24 heures, une seule fois. Un lien déjà servi, expiré ou inconnu : 400 `INVALID_LINK`.' },
  resendEmailVerification: { summary: 'Renvoie le lien de vérification de mon adresse', tag: 'Session', access: 'session', status: 202, success: 'Un nouveau lien part à l’adresse du compte (ou : elle est déjà vérifiée).', description: 'Trois liens par heure et par compte au plus (429 au-delà).' },
  requestPasswordReset: { summary: 'Demande un lien pour choisir un nouveau mot de passe', tag: 'Session', access: 'public', status: 202, errors: [429], success: 'La même réponse, que l’adresse soit celle d’un compte ou non.', description: 'Le lien, valable une heure et une seule fois, part à l’adresse si un compte l’utilise (trois par heure au plus).' },
  confirmPasswordReset: { summary: 'Choisit un nouveau mot de passe par le lien reçu', tag: 'Session', access: 'public', errors: [429], success: 'Mot de passe changé ; toutes les sessions du compte sont fermées.', description: 'Un lien déjà servi, expiré ou inconnu : 400 `INVALID_LINK`.' },
  changeEmail: { summary: 'Change mon adresse e-mail', tag: 'Session', access: 'session', status: 202, success: 'Un lien part à la nouvelle adresse (et un avis à l’actuelle) ; elle devient celle du compte, vérifiée, quand le lien est ouvert (POST /api/identity/verifyEmail).', errors: [403, 409, 429], description: 'Le mot de passe est demandé ; un compte Google ou Apple garde l’adresse de son fournisseur.' },
  changePassword: { summary: 'Change mon mot de passe', tag: 'Session', access: 'session', success: 'Mot de passe changé ; les autres sessions du compte sont fermées, celle-ci reste ouverte.', description: 'Le mot de passe actuel est demandé (403 s’il est faux).' },
  mySessions: { summary: 'Mes sessions ouvertes', tag: 'Session', access: 'session', success: 'Chaque session : appareil, ouverture, dernier usage, et laquelle est la session courante. Jamais de jeton.' },
  endAllSessions: { summary: 'Me déconnecte partout', tag: 'Session', access: 'session', success: 'Toutes les sessions du compte sont fermées, celle-ci comprise.' },
  endSession: { summary: 'Ferme une de mes sessions', tag: 'Session', access: 'session', success: 'La session est fermée (ses connexions temps réel aussi).' },
  // API keys.
  myApiKeys: { summary: 'Mes clés d’API', tag: 'Clés d’API', access: 'session', success: 'Les clés actives : nom, portées, début de la clé, dates de création et de dernier usage. Jamais la clé elle-même.' },
  createApiKey: { summary: 'Crée une clé d’API', tag: 'Clés d’API', access: 'staffSession', status: 201, errors: [409], success: 'La clé créée, avec la clé entière dans `key` : c’est la seule fois qu’elle est montrée.', description: 'La clé agit au nom de la personne qui la crée, dans la limite de ses portées ; seule son empreinte SHA-256 est gardée. 20 clés actives au plus par compte.' },
  revokeApiKey: { summary: 'Révoque une de mes clés d’API', tag: 'Clés d’API', access: 'session', success: 'Révoquée : refusée aussitôt par tous les serveurs.' },
  // Links and shares.
  visitShortCode: { summary: 'Résout un code court et compte la visite', tag: 'Liens et partages', access: 'public', success: 'Le lien : son adresse de destination dans `url`.', errors: [410], description: 'Un code inconnu répond 404 ; un lien expiré (code LINK_EXPIRED, le message dit la date) ou dont les visites sont épuisées (LINK_EXHAUSTED) répond 410.' },
  visitDynaLink: { summary: 'Compte une visite d’un lien dynamique', tag: 'Liens et partages', access: 'public', success: 'Visite enregistrée.' },
  dynaLinkVisits: { summary: 'Visites d’un lien', tag: 'Liens et partages', access: 'staff', success: 'Une page de visites (date, navigateur), les plus récentes d’abord.' },
  dynaLinkStats: { summary: 'Statistiques d’un lien', tag: 'Liens et partages', access: 'staff', success: 'Les visites par jour (heure de Paris : personnes, robots, QR codes), les provenances et les appareils, de `from` à `to` (les 30 derniers jours par défaut) ; chaque liste fait le total des visites.' },
  addShareView: { summary: 'Compte une vue d’un partage', tag: 'Liens et partages', access: 'public', success: 'Vue enregistrée.' },
  // The signed-in visitor.
  myLikes: { summary: 'Les événements que j’aime', tag: 'Mon compte', access: 'user', success: 'Une page d’événements.' },
  likeState: { summary: 'Est-ce que j’aime cet événement ?', tag: 'Mon compte', access: 'user', success: '{ liked, eventId }.' },
  exportMyData: { summary: 'Télécharge toutes mes données', tag: 'Mon compte', access: 'session', success: 'Un fichier JSON (sortie-mes-donnees.json) : le compte, ses sessions (sans leurs jetons), ses appareils qui reçoivent les notifications (sans leurs clés), favoris, abonnements, partages, liens courts, réponses, participations, notifications, badges, clés d’API (sans leur empreinte), e-mails reçus et entrées du journal qui me concernent.', description: 'RGPD, articles 15 et 20.' },
  deleteMyAccount: { summary: 'Supprime mon compte', tag: 'Mon compte', access: 'session', status: 204, errors: [409], success: 'Compte supprimé, session fermée.', description: 'RGPD, article 17. Le mot de passe confirme ; un compte sans mot de passe (Google, Apple) se reconnecte d’abord (session de moins de 5 minutes). Les données personnelles sont effacées ; une participation à une tombola close et une réponse à un formulaire restent, anonymes, pour la preuve du tirage et les comptes de l’organisateur. Refusé (409) au dernier administrateur.' },
  like: { summary: 'Aime un événement', tag: 'Mon compte', access: 'user', success: 'L’état du « j’aime ».' },
  unlike: { summary: 'N’aime plus un événement', tag: 'Mon compte', access: 'user', success: 'L’état du « j’aime ».' },
  myFollows: { summary: 'Ce que je suis', tag: 'Mon compte', access: 'user', success: 'Une page d’abonnements.' },
  follow: { summary: 'Suit un lieu, une organisation, un artiste ou une personne', tag: 'Mon compte', access: 'user', status: 201, success: 'L’abonnement.', errors: [404, 409] },
  unfollow: { summary: 'Arrête de suivre', tag: 'Mon compte', access: 'user', success: 'Abonnement supprimé.' },
  followState: { summary: 'Est-ce que je suis ceci ?', tag: 'Mon compte', access: 'user', success: '{ follow } : l’abonnement, ou null.' },
  following: { summary: 'Ce que je suis, avec les fiches suivies', tag: 'Mon compte', access: 'user', success: 'Une page d’abonnements.' },
  myBadges: { summary: 'Mes badges', tag: 'Mon compte', access: 'user', success: 'Une page de badges.' },
  mySuggestions: { summary: 'Des événements pour moi', tag: 'Mon compte', access: 'user', success: 'Une page d’événements suggérés d’après mes abonnements et mes « j’aime ».' },
  myNotifications: { summary: 'Mes notifications', tag: 'Mon compte', access: 'user', success: 'Une page de notifications et le nombre de non lues.' },
  markNotificationRead: { summary: 'Marque une notification comme lue', tag: 'Mon compte', access: 'user', success: 'La notification.' },
  markAllNotificationsRead: { summary: 'Marque toutes mes notifications comme lues', tag: 'Mon compte', access: 'user', success: 'Le nombre de notifications marquées.' },
  notificationPreferences: { summary: 'Mes choix de notifications', tag: 'Mon compte', access: 'user', success: 'Par sorte de notification : dans l’application, par e-mail.' },
  updateNotificationPreferences: { summary: 'Change mes choix de notifications', tag: 'Mon compte', access: 'user', success: 'Les choix enregistrés.' },
  unsubscribe: { summary: 'Se désabonne d’une sorte d’e-mail (lien des e-mails)', tag: 'Mon compte', access: 'public', success: 'Désabonné : une page en français si le navigateur la demande, sinon { kind, message }.', errors: [403], description: 'Sans session : le jeton signé du lien nomme la personne et la sorte d’e-mail.' },
  userBadges: { summary: 'Les badges d’une personne', tag: 'Découverte', access: 'public', success: 'Une page de badges.' },
  // Forms and raffles.
  submitFormEntry: { summary: 'Répond à un formulaire', tag: 'Formulaires et tombolas', access: 'optional', status: 201, success: 'La réponse, avec son code pour la relire.', errors: [409] },
  formEntry: { summary: 'Relit une réponse par son code', tag: 'Formulaires et tombolas', access: 'public', success: 'La réponse.' },
  formEntries: { summary: 'Les réponses à un formulaire', tag: 'Formulaires et tombolas', access: 'staff', success: 'Une page de réponses.' },
  formEntriesCsv: { summary: 'Les réponses à un formulaire, en CSV', tag: 'Formulaires et tombolas', access: 'staff', success: 'Un fichier CSV (séparateur « ; », UTF-8).', responseType: 'text/csv' },
  blindTestReportRows: { summary: 'Le rapport d’une partie de blind test, pour la page d’animation', tag: 'Tableau de bord', access: 'staff', success: 'Une ligne par joueur et par question posée : la réponse, juste ou non, le temps en ms, les points.', errors: [404] },
  blindTestReport: { summary: 'Le rapport d’une partie de blind test, en CSV', tag: 'Tableau de bord', access: 'staff', success: 'Un fichier CSV (séparateur « ; », UTF-8) : une ligne par joueur et par question posée (réponse, juste ou non, temps en ms, points).', errors: [404], responseType: 'text/csv' },
  enterRaffle: { summary: 'Participe à une tombola', tag: 'Formulaires et tombolas', access: 'optional', status: 201, success: 'La participation (202 quand elle attend le lien de confirmation envoyé par e-mail).', errors: [409] },
  confirmRaffleEntry: { summary: 'Confirme une participation par le lien reçu par e-mail', tag: 'Formulaires et tombolas', access: 'public', success: 'La participation, désormais comptée.', errors: [409] },
  myRaffleEntry: { summary: 'Ma participation à une tombola', tag: 'Formulaires et tombolas', access: 'user', success: '{ entry } : ma participation (numéro, nom, comptée ou en attente du lien reçu par e-mail), ou null.' },
  raffleEntries: { summary: 'Les participations à une tombola', tag: 'Formulaires et tombolas', access: 'staff', success: 'Une page de participations.' },
  commitRaffle: { summary: 'Publie l’empreinte de la graine du tirage', tag: 'Formulaires et tombolas', access: 'staff', success: 'La tombola, avec l’empreinte publiée.', errors: [409] },
  drawRaffle: { summary: 'Tire les gagnants', tag: 'Formulaires et tombolas', access: 'staff', success: 'La tombola tirée : graine révélée, gagnants.', errors: [409] },
  raffleProof: { summary: 'La preuve d’un tirage', tag: 'Formulaires et tombolas', access: 'public', success: 'Empreintes, graine une fois révélée, participations : de quoi refaire le tirage.' },
  // Discovery.
  openJobOffers: { summary: 'Offres d’emploi ouvertes', tag: 'Découverte', access: 'public', success: 'Une page d’offres.' },
  search: { summary: 'Recherche dans les événements, lieux, organisations et artistes', tag: 'Découverte', access: 'public', success: 'Les résultats par sorte.' },
  eventGames: { summary: 'Les jeux d’un événement, pour sa page', tag: 'Découverte', access: 'public', errors: [404], success: '{ tournaments, championships, blindTests, raffles, forms } : tout ce que la page de l’événement propose de jouer, sans brouillon ; le code d’un blind test pendant la partie.', description: 'Un événement en brouillon répond 404, comme sa propre adresse, sauf à l’équipe.' },
  createSeries: { summary: 'Créer une série (un événement qui se répète)', tag: 'Tableau de bord', access: 'staff', success: 'La série et les identifiants des événements créés pour ses 8 prochaines semaines.', description: 'La règle est une RRULE iCalendar (chaque semaine, une semaine sur deux, chaque mois le Nième jour), lue à l’heure de Paris.' },
  series: { summary: 'Une série, telle que la page d’un événement la montre', tag: 'Découverte', access: 'public', errors: [404], success: '{ series, description, pauses, upcoming, schedule } : la règle, « Tous les mardis à 20 h 30 », les prochaines dates et le Schedule schema.org.' },
  editSeriesFollowing: { summary: 'Modifier une série à partir d’une date (« Toutes les dates suivantes »)', tag: 'Tableau de bord', access: 'staff', errors: [404], success: 'La série qui porte les dates à partir de `from` (une nouvelle si des dates la précèdent) et les événements créés.' },
  editSeriesOccurrence: { summary: 'Modifier une seule date d’une série (« Cette date seulement »)', tag: 'Tableau de bord', access: 'staff', errors: [404], success: 'L’événement modifié, détaché de la série : elle ne le réécrira plus.' },
  placeTonight: { summary: 'Ce soir dans un lieu', tag: 'Découverte', access: 'public', errors: [404], success: '{ events, tournaments, blindTests, raffles } : les événements du jour (heure de Paris) pas encore finis, les tournois en cours à ces événements, les blind tests en cours et les tombolas ouvertes au lieu.' },
  liveByCode: { summary: 'La partie en cours d’un code à six chiffres', tag: 'Découverte', access: 'public', errors: [404, 429], success: '{ kind, id } : « blindTest » ou « tournament », et son identifiant ; rien d’autre.', description: 'Ce que la page /j ouvre quand un joueur tape le code affiché à l’écran (ou scanne le QR code de /j/{code}). Un blind test pendant la partie, un tournoi pendant les inscriptions et le jeu. Un code mal formé répond 400, un code inconnu 404 (« Ce code ne correspond à aucune partie en cours. ») ; limité à 120 demandes par minute et par adresse IP.' },
  // The server and its documents.
  health: { summary: 'Le processus répond', tag: 'Serveur', access: 'public', success: 'En vie, et la base de données répond.', errors: [503] },
  ready: { summary: 'Prêt à recevoir du trafic', tag: 'Serveur', access: 'public', success: 'Prêt.', errors: [503], description: 'Pour le répartiteur de charge : 503 pendant l’arrêt, quand la base est injoignable ou qu’elle refuse d’écrire (disque plein ; code DATABASE_NOT_WRITABLE), 200 dès qu’une écriture réussit.' },
  config: { summary: 'Configuration publique de l’application', tag: 'Serveur', access: 'public', success: 'Fournisseur d’identité, clés publiques, villes.' },
  openApi: { summary: 'Ce document OpenAPI', tag: 'Serveur', access: 'public', success: 'Le document OpenAPI 3.1 de l’API ; lisible sur /api/reference.' },
  docPage: { summary: 'Une page de documentation par son chemin', tag: 'Serveur', access: 'public', success: 'La page : titre, description, texte en Markdown.', errors: [404] },
  docs: { summary: 'Le sommaire de la documentation', tag: 'Serveur', access: 'public', success: 'Les pages dans l’ordre de lecture, sans leur texte.' },
  docSearch: { summary: 'Recherche dans la documentation', tag: 'Serveur', access: 'public', success: 'Les pages qui contiennent tous les mots, les plus pertinentes d’abord, avec un extrait.', errors: [400] },
  // The back office.
  dashboardServer: { summary: 'État du serveur', tag: 'Tableau de bord', access: 'staff', success: 'Version, nœud, démarrage, base, connexions temps réel.' },
  dashboardStats: { summary: 'Statistiques du tableau de bord', tag: 'Tableau de bord', access: 'staff', success: 'Comptes par ressource, inscriptions et activité récentes.' },
  runTask: { summary: 'Lance une tâche maintenant', tag: 'Tableau de bord', access: 'staff', success: 'La tâche et son passage.', errors: [409] },
  runCollector: { summary: 'Lance un collecteur maintenant', tag: 'Tableau de bord', access: 'staff', success: 'Le collecteur, le passage dans son historique.', errors: [409] },
  purgeCaches: { summary: 'Vide les caches', tag: 'Tableau de bord', access: 'staff', success: 'Les caches vidés, sur tous les serveurs.' },
  federationOverview: { summary: 'La fédération d’un lieu ou d’une organisation', tag: 'Tableau de bord', access: 'staff', success: 'Son identifiant (@nom@serveur), ses abonnés sur d’autres serveurs, les « j’aime », partages et participations reçus, les comptes suivis et ce qu’ils ont envoyé.', errors: [404] },
  setFederation: { summary: 'Active ou coupe la fédération', tag: 'Tableau de bord', access: 'staff', success: 'La fédération telle qu’elle est désormais.', errors: [404], description: 'Coupée : le compte ActivityPub répond 404 et plus rien n’est envoyé.' },
  followRemoteActor: { summary: 'Suit un compte d’un autre serveur', tag: 'Tableau de bord', access: 'staff', success: 'La fédération, le compte suivi en attente de son acceptation.', errors: [400, 404, 409, 502], description: 'Recherche WebFinger de @nom@serveur, puis un Follow signé.' },
  taskRuns: { summary: 'Historique d’une tâche', tag: 'Tableau de bord', access: 'staff', success: 'Les derniers passages.' },
  mailbox: { summary: 'Les e-mails envoyés (ou gardés sans SMTP), liens personnels masqués', tag: 'Tableau de bord', access: 'admin', success: 'Les e-mails, les plus récents d’abord.' },
  setUserRoles: { summary: 'Change les rôles d’un compte', tag: 'Tableau de bord', access: 'admin', success: 'Le compte et ses rôles.', errors: [409], description: 'Le dernier administrateur garde le sien ; chaque changement est écrit au journal.' },
  announcementRecipients: { summary: 'Combien recevront une annonce', tag: 'Tableau de bord', access: 'staff', success: 'Le nombre d’abonnés du lieu ou de l’organisation, ou de participants de l’événement.', errors: [404] },
  announcements: { summary: 'Les annonces d’un lieu, d’une organisation ou d’un événement', tag: 'Tableau de bord', access: 'staff', success: 'Les 50 dernières, envoyées ou programmées.' },
  announce: { summary: 'Envoie (ou programme) une annonce', tag: 'Tableau de bord', access: 'staff', status: 201, success: 'L’annonce : envoyée, avec son nombre de destinataires, ou programmée.', errors: [404, 429], description: 'Aux abonnés d’un lieu ou d’une organisation, ou aux participants d’un événement (favoris, formulaires, tombolas, tournois) ; trois au plus par destinataire et par 24 heures, et vingt par membre de l’équipe.' },
  auditLog: { summary: 'Le journal d’audit', tag: 'Tableau de bord', access: 'admin', success: 'Qui a changé quoi et quand, les plus récents d’abord, filtrés par personne (identifiant ou e-mail) et par ressource.' },
  // Calendars, outside /api.
  eventCalendar: { summary: 'Un événement, à ajouter à son agenda', tag: 'Calendriers', access: 'public', success: 'Un fichier iCalendar d’un événement.', responseType: 'text/calendar' },
  cityCalendar: { summary: 'Les événements à venir d’une ville, à suivre', tag: 'Calendriers', access: 'public', success: 'Un agenda iCalendar, mis à jour à chaque lecture.', responseType: 'text/calendar' },
  placeCalendar: { summary: 'Les événements à venir d’un lieu, à suivre', tag: 'Calendriers', access: 'public', success: 'Un agenda iCalendar.', responseType: 'text/calendar' },
  organizationCalendar: { summary: 'Les événements à venir d’une organisation, à suivre', tag: 'Calendriers', access: 'public', success: 'Un agenda iCalendar.', responseType: 'text/calendar' },
  artistCalendar: { summary: 'Les dates à venir d’un artiste, à suivre', tag: 'Calendriers', access: 'public', success: 'Un agenda iCalendar.', responseType: 'text/calendar' },
  // Feeds and oEmbed, outside /api (issue 35).
  cityFeedRss: { summary: 'Les événements à venir d’une ville (RSS)', tag: 'Fils RSS et Atom', access: 'public', success: 'Un fil RSS 2.0.', responseType: 'application/rss+xml' },
  cityFeedAtom: { summary: 'Les événements à venir d’une ville (Atom)', tag: 'Fils RSS et Atom', access: 'public', success: 'Un fil Atom.', responseType: 'application/atom+xml' },
  placeFeedRss: { summary: 'Les événements à venir d’un lieu (RSS)', tag: 'Fils RSS et Atom', access: 'public', success: 'Un fil RSS 2.0.', responseType: 'application/rss+xml' },
  placeFeedAtom: { summary: 'Les événements à venir d’un lieu (Atom)', tag: 'Fils RSS et Atom', access: 'public', success: 'Un fil Atom.', responseType: 'application/atom+xml' },
  organizationFeedRss: { summary: 'Les événements à venir d’une organisation (RSS)', tag: 'Fils RSS et Atom', access: 'public', success: 'Un fil RSS 2.0.', responseType: 'application/rss+xml' },
  organizationFeedAtom: { summary: 'Les événements à venir d’une organisation (Atom)', tag: 'Fils RSS et Atom', access: 'public', success: 'Un fil Atom.', responseType: 'application/atom+xml' },
  artistFeedRss: { summary: 'Les dates à venir d’un artiste (RSS)', tag: 'Fils RSS et Atom', access: 'public', success: 'Un fil RSS 2.0.', responseType: 'application/rss+xml' },
  artistFeedAtom: { summary: 'Les dates à venir d’un artiste (Atom)', tag: 'Fils RSS et Atom', access: 'public', success: 'Un fil Atom.', responseType: 'application/atom+xml' },
  oembed: { summary: 'oEmbed d’une page d’événement, de lieu ou de tournoi', tag: 'Intégrations', access: 'public', success: 'Le type rich d’oembed.com : une iframe de la page intégrée.', errors: [404], description: 'Une adresse qui n’est pas une page d’événement, de lieu ou de tournoi de ce site répond 404 ; format=xml, 501.' },
  // Images.
  uploadImage: { summary: 'Envoie une image', tag: 'Images', access: 'staff', status: 201, success: 'L’image, en plusieurs tailles.', errors: [413, 422], requestType: 'application/octet-stream' },
  updateMyProfile: { summary: 'Change mon profil', tag: 'Mon compte', access: 'session', success: 'Mon compte : nom affiché, ville, photo retirée.' },
  uploadMyAvatar: { summary: 'Envoie ma photo de profil', tag: 'Mon compte', access: 'session', success: 'Mon compte, avec sa nouvelle photo (96 et 192 px).', errors: [413, 422], requestType: 'application/octet-stream' },
  imageFile: { summary: 'Un fichier d’image redimensionnée', tag: 'Images', access: 'public', success: 'Le fichier.', responseType: 'image/*' },
  designerEventLink: { summary: 'Le lien court d’un événement (créé s’il n’en a pas)', tag: 'Designer', access: 'staff', success: 'Le code, l’adresse courte et la page où elle mène.' },
  designerEventPoster: { summary: 'L’affiche d’un événement (A4 ou A3)', tag: 'Designer', access: 'staff', success: 'Un PDF d’une page, avec le QR code du lien court.', responseType: 'application/pdf' },
  designerEventImage: { summary: 'Un visuel d’événement : carré, story ou aperçu de lien', tag: 'Designer', access: 'staff', success: 'Une image PNG (1080 × 1080, 1080 × 1920 ou 1200 × 630).', responseType: 'image/png' },
  designerPlaceWeekImage: { summary: 'La semaine d’un lieu, en carré Instagram', tag: 'Designer', access: 'staff', success: 'Une image PNG de 1080 × 1080.', responseType: 'image/png' },
  designerPlaceWeekPoster: { summary: 'La semaine d’un lieu, en affiche A4', tag: 'Designer', access: 'staff', success: 'Un PDF d’une page.', responseType: 'application/pdf' },
  designerTournamentPoster: { summary: 'L’affiche d’un tournoi (A4 ou A3)', tag: 'Designer', access: 'staff', success: 'Un PDF d’une page, avec le QR code de sa page.', responseType: 'application/pdf' },
  designerTournamentImage: { summary: 'Un tournoi, en carré Instagram', tag: 'Designer', access: 'staff', success: 'Une image PNG de 1080 × 1080.', responseType: 'image/png' },
  designerTournamentBracket: { summary: 'Le tableau d’un tournoi à imprimer (A3 par défaut, à l’italienne)', tag: 'Designer', access: 'staff', success: 'Un PDF : le tableau tel qu’il est, en plusieurs feuilles s’il est trop grand pour une.', responseType: 'application/pdf' },
  eventPreviewImage: { summary: 'L’image d’aperçu de la page d’un événement publié', tag: 'Designer', access: 'public', success: 'Une image PNG de 1200 × 630 (og:image).', responseType: 'image/png' },
  stripeStatus: { summary: 'Le paiement est-il configuré ?', tag: 'Paiement', access: 'public', success: 'Configuré ou non, les variables qui manquent (leurs noms seulement), l’adresse de contact et le chemin du webhook.' },
  stripeCheckout: { summary: 'Ouvre une session Stripe Checkout pour Sortie Pro', tag: 'Paiement', access: 'staff', errors: [503], success: 'L’adresse de la page de paiement de Stripe.', description: 'Stripe injoignable : 502. Au retour, Stripe renvoie vers /stripe/success?session_id=… ou /stripe/cancel.' },
  stripeSession: { summary: 'Vérifie auprès de Stripe qu’une session de paiement a été payée', tag: 'Paiement', access: 'user', errors: [503], description: 'Stripe injoignable : 502.', success: '{ paid: true, subscription } si la session est terminée, payée et ouverte par ce compte ; sinon { paid: false, message } (« Aucun paiement n’a été enregistré pour cette session. »).' },
  stripePortal: { summary: 'Ouvre le portail client Stripe (factures, moyen de paiement, résiliation)', tag: 'Paiement', access: 'user', errors: [503], success: 'L’adresse du portail client.', description: 'Stripe injoignable : 502. 404 si aucun abonnement n’est lié au compte.' },
  stripeWebhook: { summary: 'Reçoit les événements de Stripe (webhook signé)', tag: 'Paiement', access: 'public', errors: [503], success: 'Reçu ; `applied` est faux pour un événement déjà appliqué ou sans effet.', description: 'L’en-tête Stripe-Signature est vérifié avec STRIPE_WEBHOOK_SECRET : une signature absente, fausse ou trop ancienne est refusée (400). Chaque événement n’est appliqué qu’une fois.' },
  stripeSubscriptions: { summary: 'Les abonnements Sortie Pro et leur état', tag: 'Paiement', access: 'staff', errors: [503], success: 'Les abonnements, le plus récemment modifié d’abord.' },
  instagramStatus: { summary: 'Instagram : configuration et événements à publier', tag: 'Tableau de bord', access: 'staff', success: 'Configuré ou non, les variables (leurs noms et si elles sont définies, jamais leurs valeurs), et les événements à venir avec leur légende proposée et leur visuel.' },
  instagramPublish: { summary: 'Publie le visuel et la légende d’un événement sur Instagram', tag: 'Tableau de bord', access: 'staff', errors: [502, 503], success: 'La publication, avec le lien permanent du post.', description: 'Par l’API Graph : conteneur (POST /{ig-user-id}/media), puis publication (POST /{ig-user-id}/media_publish). Sans INSTAGRAM_ACCESS_TOKEN et INSTAGRAM_USER_ID : 503 « Instagram non configuré ». Un refus d’Instagram (502) est gardé dans l’historique.' },
  instagramPublications: { summary: 'L’historique des publications Instagram', tag: 'Tableau de bord', access: 'staff', success: 'Les publications, la plus récente d’abord : événement, date, auteur, lien du post ou erreur.' },
  brightdataStatus: { summary: 'Bright Data : configuration et collecteurs qui l’utilisent', tag: 'Tableau de bord', access: 'staff', success: 'Configuré ou non, les variables (noms seulement), la zone, la page de test et les collecteurs qui lisent par Bright Data.' },
  brightdataTest: { summary: 'Teste la connexion à Bright Data', tag: 'Tableau de bord', access: 'staff', errors: [503], success: 'La page de test lue par le Web Unlocker : réussite, statut HTTP, taille et durée, ou la raison de l’échec.' },
  diagnostics: { summary: 'Les vérifications du serveur', tag: 'Tableau de bord', access: 'admin', success: 'Chaque vérification, avec son nom et ce qu’elle fait.' },
  runDiagnostic: { summary: 'Lance une vérification (notification, e-mail, temps réel, base, tâches, musique, intégrations)', tag: 'Tableau de bord', access: 'admin', success: 'Le résultat (ok, non configuré ou erreur), son message en français et sa durée en millisecondes.' },
  instagramVisual: { summary: 'Le visuel JPEG d’une publication Instagram, que les serveurs d’Instagram viennent lire', tag: 'Tableau de bord', access: 'public', success: 'Une image JPEG de 1080 × 1080 (le carré du designer).', responseType: 'image/jpeg', description: 'Son adresse porte un jeton aléatoire propre à la publication ; 404 pour un jeton inconnu.' },
  // Web Push (issue 33).
  myPushSubscriptions: { summary: 'Mes appareils qui reçoivent les notifications', tag: 'Mon compte', access: 'session', success: 'Chaque appareil : navigateur et système, service de notifications, date d’ajout, dernier envoi réussi, et lequel est ce navigateur. Jamais ses clés.' },
  addPushSubscription: { summary: 'Reçoit les notifications sur ce navigateur', tag: 'Mon compte', access: 'session', status: 201, success: 'L’appareil ajouté (ou repris : le même navigateur abonné de nouveau).', description: 'Le corps est `PushSubscription.toJSON()` tel que le navigateur le donne (endpoint https, keys.p256dh, keys.auth), abonné avec la clé `vapidPublicKey` de /api/config. L’abonnement suit la session : se déconnecter de ce navigateur le retire ; un service de notifications qui répond 404 ou 410 aussi.' },
  removePushSubscription: { summary: 'Ne reçoit plus les notifications sur un de mes appareils', tag: 'Mon compte', access: 'session', success: 'Appareil retiré.' },
};

/** A route outside core's contract: a redirect, a file, a page. */
export interface OtherRouteDoc {
  operationId: string;
  summary: string;
  tag: TagName;
  description?: string;
  status?: number;
  success: string;
  responseType?: string;
}

/** The short links, /r/{code} and /r: served before the operation table (links.routes.ts's fast path), at the paths of the pages' route table. */
export const SHORT_LINK_ROUTES: Record<string, OtherRouteDoc> = {
  'GET /r/:shortCode': { operationId: 'redirectShortCode', summary: 'Lien court : redirection', tag: 'Hors API', status: 302, success: 'Redirection vers la destination du lien (la visite est comptée ; celle de l’appareil quand le lien en a une) ; un code inconnu mène à l’accueil.', description: 'Répondu avant toute page : c’est l’adresse imprimée sur les affiches et les QR codes (`?q` : une visite par QR code). Un lien protégé répond une page qui demande son mot de passe ; un lien expiré ou épuisé, une page qui le dit (410) ; une page de liens (« lien en bio »), la page du lieu ou de l’organisation : ses prochains événements et ses liens (200, la visite comptée).' },
  'POST /r/:shortCode': { operationId: 'unlockShortCode', summary: 'Lien court protégé : mot de passe', tag: 'Hors API', status: 302, success: 'Redirection vers la destination quand le mot de passe (champ `password` d’un formulaire) est le bon ; sinon la page le redemande (401), et après 5 erreurs d’une même adresse, attendre une minute (429).' },
  'GET /r': { operationId: 'redirectShortLinkRoot', summary: 'Lien court sans code : redirection vers l’accueil', tag: 'Hors API', status: 302, success: 'Redirection vers l’accueil.' },
};

/** What the document says of each file of core's FILE_ROUTES; its name there is its operationId. */
const FILE_ROUTE_DOCS: Record<FileRouteName, Omit<OtherRouteDoc, 'operationId'>> = {
  demoAudio: { summary: 'Un extrait musical de démonstration', tag: 'Hors API', success: 'Un fichier audio synthétisé (WAV).', responseType: 'audio/wav', description: 'Les extraits des blind tests de démonstration.' },
  demoSource: { summary: 'Une source de démonstration des collecteurs', tag: 'Hors API', success: 'Un agenda iCalendar, une réponse OpenAgenda ou une page HTML d’exemple.', responseType: 'text/plain', description: 'Hors production seulement.' },
  robotsTxt: { summary: 'Consignes aux robots d’indexation', tag: 'Hors API', success: 'Le fichier robots.txt.', responseType: 'text/plain' },
  sitemap: { summary: 'Plan du site', tag: 'Hors API', success: 'Le plan du site (ou son index quand il est découpé).', responseType: 'application/xml' },
  sitemapPart: { summary: 'Une partie du plan du site', tag: 'Hors API', success: 'Une partie du plan du site.', responseType: 'application/xml' },
  apiReference: { summary: 'Ce document, à lire dans un navigateur', tag: 'Serveur', success: 'Une page HTML qui présente ce document (Redoc).', responseType: 'text/html' },
  webfinger: { summary: 'WebFinger : le compte ActivityPub d’un identifiant', tag: 'Fédération', success: 'Le lien `self` vers le compte (acct:{lieu}@{hôte}).', responseType: 'application/jrd+json', description: 'Réponse 404 pour un identifiant inconnu ou une fédération coupée.' },
  nodeInfoLinks: { summary: 'NodeInfo : où lire la description du serveur', tag: 'Fédération', success: 'Le lien vers le document NodeInfo 2.1.', responseType: 'application/json' },
  nodeInfo: { summary: 'NodeInfo 2.1 : le logiciel et le protocole du serveur', tag: 'Fédération', success: 'Sortie, ActivityPub.', responseType: 'application/json' },
  activityActor: { summary: 'Le compte ActivityPub d’un lieu ou d’une organisation', tag: 'Fédération', success: 'Le profil (Organization) : nom, image, page, clés publiques, boîtes.', responseType: 'application/activity+json', description: 'Demandé avec Accept: application/activity+json ; 404 quand la fédération est coupée.' },
  activityFollowers: { summary: 'Les abonnés d’un compte ActivityPub', tag: 'Fédération', success: 'La collection des abonnés.', responseType: 'application/activity+json' },
  activityOutbox: { summary: 'Les événements publiés par un compte ActivityPub', tag: 'Fédération', success: 'Les 50 dernières publications (Create d’Event).', responseType: 'application/activity+json' },
  activityEvent: { summary: 'Un événement tel que le fédivers le lit', tag: 'Fédération', success: 'L’objet Event (410 une fois supprimé ou annulé).', responseType: 'application/activity+json' },
  activityInbox: { summary: 'La boîte de réception d’un compte ActivityPub', tag: 'Fédération', success: 'L’activité est acceptée (202).', responseType: 'application/activity+json', description: 'Signature HTTP exigée (draft-cavage ou RFC 9421) ; sans elle, 401.' },
  activitySharedInbox: { summary: 'La boîte de réception partagée', tag: 'Fédération', success: 'L’activité est acceptée (202).', responseType: 'application/activity+json', description: 'Signature HTTP exigée (draft-cavage ou RFC 9421) ; sans elle, 401.' },
  apiReferenceAsset: { summary: 'Les fichiers de la page de référence', tag: 'Serveur', success: 'Le script de Redoc ou la feuille de style de la page.', responseType: 'text/javascript' },
  embedScript: { summary: 'Le script à coller sur le site d’un lieu', tag: 'Intégrations', success: 'Les composants <sortie-agenda place="…"> et <sortie-bracket tournament="…">, et leur forme en une ligne (data-place, data-tournament).', responseType: 'text/javascript' },
  embedLiveScript: { summary: 'Le script des pages intégrées', tag: 'Intégrations', success: 'Leur hauteur pour l’iframe, et le tournoi suivi en direct.', responseType: 'text/javascript' },
  embedPlace: { summary: 'Les prochains événements d’un lieu, à intégrer', tag: 'Intégrations', success: 'Une page HTML que tout site peut afficher dans une iframe (par identifiant ou slug).', responseType: 'text/html' },
  embedEvent: { summary: 'Un événement, à intégrer', tag: 'Intégrations', success: 'Une page HTML que tout site peut afficher dans une iframe.', responseType: 'text/html' },
  embedBlindTest: { summary: 'Le classement d’un blind test en direct, à intégrer', tag: 'Intégrations', success: 'Une page HTML que tout site peut afficher dans une iframe, mise à jour pendant la partie.', responseType: 'text/html' },
  embedTournament: { summary: 'Le tableau d’un tournoi en direct, à intégrer', tag: 'Intégrations', success: 'Une page HTML que tout site peut afficher dans une iframe, mise à jour à chaque score.', responseType: 'text/html' },
};

/** Every route the server serves that is not an API call of core's contract, by `METHOD path`: the short links, and core's FILE_ROUTES. */
export const OTHER_ROUTES: Record<string, OtherRouteDoc> = {
  ...SHORT_LINK_ROUTES,
  ...Object.fromEntries(Object.values(FILE_ROUTES).map((route) => [`${route.method} ${route.path}`, { operationId: route.name, ...FILE_ROUTE_DOCS[route.name] }])),
};
