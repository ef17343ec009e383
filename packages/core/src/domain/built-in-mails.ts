import type { NotificationKind } from './schemas/people.schema';

/*
 * Every mail Sortie sends, with its French wording. Staff change one by saving a template of the
 * same name on /dashboard/mailTemplates (its subject and body, with the same {{variables}}); until
 * then the server sends the wording below. A paragraph « Texte : {{link}} » becomes a link titled
 * « Texte » in the HTML version.
 */

export interface BuiltInMail {
  /** The template name that overrides it (as staff see it in the list). */
  name: string;
  /** When it leaves, in a sentence. */
  purpose: string;
  subject: string;
  body: string;
  /** The variables it may use, each with what it holds. */
  variables: Readonly<Record<string, string>>;
  /**
   * The variables that carry a secret of the recipient (a one-time link): the mail that leaves
   * holds them, the copy kept in the mail log shows MASKED_LINK_TEXT instead.
   */
  secrets?: readonly string[];
}

/**
 * What the mail log (/dashboard/mailTemplates, admins only) shows in place of a personal link: a
 * one-time link (password reset, address confirmation, raffle entry) or an unsubscribe link
 * belongs to its recipient alone; whoever read it in the log could use it.
 */
export const MASKED_LINK_TEXT = '[lien personnel masqué]';

const NAME = 'le nom affiché de la personne (ou le début de son adresse)';
const notification = (name: string, purpose: string, subject: string, linkText: string): BuiltInMail => ({
  name,
  purpose,
  subject,
  body: `Bonjour {{name}},\n\n{{message}}\n\n${linkText} : {{link}}`,
  variables: { name: NAME, title: 'le titre de la notification', message: 'son texte', link: 'l’adresse de ce dont elle parle' },
});

export const BUILT_IN_MAILS = {
  reminder: notification('Rappel', 'La veille et une heure avant un événement aimé, à qui a choisi les rappels par e-mail.', 'Rappel : {{title}}', 'Voir l’événement'),
  followedEvent: notification('Nouvel événement suivi', 'Quand un lieu, une organisation ou un artiste suivi publie un événement.', '{{title}}', 'Voir l’événement'),
  raffleDraw: notification('Tirage de tombola', 'Quand une tombola où la personne joue est tirée.', '{{title}}', 'Voir la tombola'),
  announcement: notification('Annonce', 'Quand l’équipe d’un lieu, d’une organisation ou d’un événement envoie une annonce.', '{{title}}', 'En savoir plus'),
  blindTestSoon: notification('Blind test bientôt', 'Quand un blind test va commencer dans un lieu suivi (une heure avant sa soirée, ou quand l’animateur ouvre la partie).', '{{title}}', 'Rejoindre la partie'),
  matchReady: notification('Match appelé', 'Quand le prochain match d’un joueur de tournoi est appelé à sa table.', '{{title}}', 'Voir le tournoi'),
  verifyEmail: {
    name: 'Vérification de l’adresse e-mail',
    purpose: 'À l’inscription, et quand la personne redemande un lien.',
    subject: 'Confirmez votre adresse e-mail',
    body: 'Bonjour {{name}},\n\nPour confirmer que cette adresse est bien la vôtre, ouvrez le lien ci-dessous. Il est valable 24 heures et ne sert qu’une fois.\n\nConfirmer mon adresse : {{link}}\n\nVous n’avez pas créé de compte sur Sortie ? Ignorez ce message : rien ne sera fait sans ce lien.',
    variables: { name: NAME, link: 'le lien de confirmation (24 heures, une fois)' },
    secrets: ['link'],
  },
  changeEmail: {
    name: 'Changement d’adresse e-mail',
    purpose: 'À la nouvelle adresse, quand la personne demande à changer la sienne.',
    subject: 'Confirmez votre nouvelle adresse e-mail',
    body: 'Bonjour {{name}},\n\nVous avez demandé que cette adresse devienne celle de votre compte Sortie. Ouvrez le lien ci-dessous pour le confirmer ; il est valable 24 heures et ne sert qu’une fois.\n\nConfirmer ma nouvelle adresse : {{link}}\n\nVous n’avez rien demandé ? Ignorez ce message : l’adresse du compte ne changera pas sans ce lien.',
    variables: { name: NAME, link: 'le lien de confirmation (24 heures, une fois)', email: 'la nouvelle adresse' },
    secrets: ['link'],
  },
  changeEmailNotice: {
    name: 'Changement d’adresse e-mail (avis)',
    purpose: 'À l’adresse actuelle, à chaque demande de changement : quelqu’un d’autre qui demande serait remarqué.',
    subject: 'Changement d’adresse demandé',
    body: 'Bonjour {{name}},\n\nUn lien vient d’être envoyé à {{email}} pour qu’elle devienne l’adresse de votre compte Sortie. Rien ne change tant qu’il n’est pas ouvert.\n\nSi ce n’est pas vous, changez votre mot de passe : {{link}}\n\nCe message part à chaque demande de changement d’adresse.',
    variables: { name: NAME, email: 'la nouvelle adresse demandée', link: 'la page du mot de passe' },
  },
  passwordReset: {
    name: 'Réinitialisation du mot de passe',
    purpose: 'Quand quelqu’un demande un nouveau mot de passe pour une adresse qui a un compte.',
    subject: 'Choisissez un nouveau mot de passe',
    body: 'Bonjour {{name}},\n\nQuelqu’un (vous, espérons-le) a demandé à changer le mot de passe de votre compte Sortie. Ce lien est valable une heure et ne sert qu’une fois ; en l’utilisant, vous serez déconnecté de tous vos appareils.\n\nChoisir un nouveau mot de passe : {{link}}\n\nVous n’avez rien demandé ? Ignorez ce message : votre mot de passe reste le même.',
    variables: { name: NAME, link: 'le lien (une heure, une fois)' },
    secrets: ['link'],
  },
  signInLocked: {
    name: 'Connexions suspendues',
    purpose: 'Quand trop de mauvais mots de passe ont été essayés sur un compte en peu de temps : les connexions y sont refusées un moment, et son titulaire le sait.',
    subject: 'Connexions à votre compte suspendues pendant {{minutes}} minutes',
    body: 'Bonjour {{name}},\n\n{{failures}} mots de passe erronés viennent d’être essayés sur votre compte Sortie en moins de {{window}} minutes. Par sécurité, toute connexion à votre compte est refusée pendant {{minutes}} minutes, même avec le bon mot de passe.\n\nSi c’était vous, vous pouvez attendre, ou choisir dès maintenant un nouveau mot de passe : le blocage sera levé aussitôt. Le lien est valable une heure et ne sert qu’une fois.\n\nChoisir un nouveau mot de passe : {{link}}\n\nSi ce n’était pas vous, ces essais ont échoué ; un mot de passe long, que vous n’utilisez nulle part ailleurs, vous protège.',
    variables: { name: NAME, failures: 'le nombre de mauvais mots de passe essayés', window: 'en combien de minutes', minutes: 'la durée du blocage, en minutes', link: 'le lien pour choisir un nouveau mot de passe (une heure, une fois)' },
    secrets: ['link'],
  },
  raffleConfirmation: {
    name: 'Confirmation de participation',
    purpose: 'Quand quelqu’un entre dans une tombola ouverte à tous : sa participation compte une fois le lien ouvert.',
    subject: 'Confirmez votre participation : {{title}}',
    body: 'Bonjour {{name}},\n\nPour que votre participation à la tombola « {{title}} » compte, confirmez-la en ouvrant ce lien avant le {{until}} :\n\nConfirmer ma participation : {{link}}\n\nSi vous n’avez pas demandé à participer, ignorez ce message : sans confirmation, la participation ne compte pas et n’est pas tirée au sort.',
    variables: { name: 'le nom donné en participant', title: 'le titre de la tombola', until: 'la date limite, en toutes lettres', link: 'le lien de confirmation' },
    secrets: ['link'],
  },
} as const satisfies Record<NotificationKind | 'verifyEmail' | 'changeEmail' | 'changeEmailNotice' | 'passwordReset' | 'signInLocked' | 'raffleConfirmation', BuiltInMail>;

export type BuiltInMailKey = keyof typeof BUILT_IN_MAILS;
