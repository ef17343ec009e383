import { Link } from 'wouter';
import { Mail, type LegalSection } from './LegalDocument';
import { PUBLISHER } from './legal-entity';

const link = 'text-accent underline hover:no-underline';

/** /legal/tou: the terms of use of the site and apps. */
export const TERMS_INTRO = (
  <p>
    Les présentes conditions générales d’utilisation (CGU) encadrent l’usage du site et des applications Sortie, édités par {PUBLISHER.name}. En utilisant Sortie, vous les acceptez. L’inscription et la
    consultation sont gratuites.
  </p>
);

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'objet',
    title: 'Objet du service',
    body: (
      <p>
        Sortie recense des événements, lieux, organisateurs et artistes, principalement en Nouvelle-Aquitaine, et propose des outils aux organisateurs : blind tests, tournois, tombolas, formulaires,
        cartes de restaurant, offres d’emploi et liens courts.
      </p>
    ),
  },
  {
    id: 'compte',
    title: 'Compte utilisateur',
    body: (
      <ul>
        <li>Vous pouvez créer un compte avec une adresse e-mail ou un compte Google. Vous devez avoir au moins 15 ans, ou l’accord d’un titulaire de l’autorité parentale.</li>
        <li>Vous êtes responsable de la confidentialité de vos identifiants et des actions faites depuis votre compte.</li>
        <li>Vous pouvez supprimer votre compte à tout moment en écrivant à <Mail to={PUBLISHER.email} />.</li>
      </ul>
    ),
  },
  {
    id: 'regles',
    title: 'Règles de bonne conduite',
    body: (
      <>
        <p>Il est interdit de publier ou de diffuser par Sortie des contenus illicites, haineux, diffamatoires, trompeurs ou portant atteinte aux droits d’autrui, ainsi que des liens vers des sites malveillants.</p>
        <p>Sortie peut retirer un contenu contraire à ces règles et suspendre le compte concerné, après vous en avoir informé sauf urgence.</p>
      </>
    ),
  },
  {
    id: 'organisateurs',
    title: 'Organisateurs et établissements',
    body: (
      <>
        <p>Les organisateurs garantissent l’exactitude des informations publiées (dates, prix, lieux, offres d’emploi) et disposent des droits sur les visuels qu’ils utilisent.</p>
        <p>
          Les offres d’emploi doivent respecter le code du travail, notamment l’interdiction des discriminations (article L. 1132-1). Les candidatures sont envoyées directement au recruteur.
        </p>
      </>
    ),
  },
  {
    id: 'tombolas',
    title: 'Tombolas et jeux',
    body: (
      <>
        <p>
          Les loteries sont interdites en France (articles L. 322-1 et suivants du code de la sécurité intérieure), sauf exceptions. Sur Sortie, une tombola ne peut être publiée que sous l’une de ces
          formes :
        </p>
        <ul>
          <li>un tirage gratuit sans obligation d’achat, la participation ne pouvant être liée à aucun paiement ;</li>
          <li>une loterie associative d’objets mobiliers à but social, culturel, scientifique, éducatif, sportif ou d’animation locale, autorisée par arrêté, dont la référence est affichée.</li>
        </ul>
        <p>
          Chaque tombola a son règlement, publié sur sa page. Une seule participation par personne est acceptée. Le tirage est vérifiable : l’empreinte d’une graine aléatoire est publiée avant le tirage,
          la graine après, et chacun peut refaire le calcul depuis la page de la tombola.
        </p>
      </>
    ),
  },
  {
    id: 'formulaires',
    title: 'Formulaires',
    body: (
      <p>
        En répondant à un formulaire, vous transmettez vos réponses à son organisateur. Un code de réponse vous est donné : il permet à vous seul de relire votre réponse ; conservez-le.
      </p>
    ),
  },
  {
    id: 'paiements',
    title: 'Offres payantes pour les professionnels',
    body: (
      <p>
        Les offres destinées aux professionnels sont décrites sur la page{' '}
        <Link href="/pro" className={link}>
          Sortie Pro
        </Link>
        . Les paiements sont traités par notre prestataire Stripe ; Sortie ne conserve pas vos données bancaires.
      </p>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Responsabilité',
    body: (
      <p>
        Sortie s’efforce de tenir le service disponible et les informations à jour, sans pouvoir le garantir. Les informations d’un événement relèvent de son organisateur : vérifiez-les auprès de lui
        avant de vous déplacer. Sortie n’est pas responsable des sites tiers vers lesquels renvoient des liens.
      </p>
    ),
  },
  {
    id: 'donnees',
    title: 'Données personnelles',
    body: (
      <p>
        Vos données sont traitées comme l’explique notre{' '}
        <Link href="/legal/privacy" className={link}>
          politique de confidentialité
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'modification',
    title: 'Modification des conditions',
    body: <p>Nous pouvons faire évoluer ces conditions. Les utilisateurs inscrits sont prévenus au moins 15 jours avant l’entrée en vigueur d’un changement important.</p>,
  },
  {
    id: 'droit',
    title: 'Droit applicable et litiges',
    body: (
      <p>
        Ces conditions sont soumises au droit français. En cas de différend, écrivez-nous d’abord à <Mail to={PUBLISHER.email} /> pour chercher une solution amiable. À défaut, les tribunaux
        français sont compétents, dans le respect des règles protégeant les consommateurs.
      </p>
    ),
  },
];
