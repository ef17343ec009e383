import { Link } from 'wouter';
import { Facts, Mail, type LegalSection } from './LegalDocument';
import { HOST, PUBLISHER } from './legal-entity';

/** /legal: the notice French law requires of a website (LCEN of 21 June 2004, art. 6, III). */
export const LEGAL_NOTICE_INTRO = (
  <p>
    Conformément à l’article 6, III de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique (LCEN), voici l’identité des intervenants du site et des applications Sortie.
  </p>
);

export const LEGAL_NOTICE_SECTIONS: LegalSection[] = [
  {
    id: 'editeur',
    title: 'Éditeur',
    body: (
      <Facts
        rows={[
          ['Raison sociale', PUBLISHER.name],
          ['Forme', `${PUBLISHER.form} au capital de ${PUBLISHER.capital}`],
          ['Siège social', PUBLISHER.address],
          ['Immatriculation', PUBLISHER.rcs],
          ['TVA', PUBLISHER.vat],
          ['Contact', <Mail key="mail" to={PUBLISHER.email} />],
        ]}
      />
    ),
  },
  {
    id: 'directeur-publication',
    title: 'Directeur de la publication',
    body: <p>Le directeur de la publication est {PUBLISHER.director}. Il peut être joint à l’adresse <Mail to={PUBLISHER.email} />.</p>,
  },
  {
    id: 'hebergeur',
    title: 'Hébergeur',
    body: (
      <Facts
        rows={[
          ['Raison sociale', HOST.name],
          ['Adresse', HOST.address],
          ['Téléphone', HOST.phone],
          ['Localisation', HOST.location],
        ]}
      />
    ),
  },
  {
    id: 'contenus',
    title: 'Contenus publiés par les utilisateurs',
    body: (
      <>
        <p>
          Les événements, lieux, offres d’emploi, tombolas et formulaires sont publiés par les organisateurs et les établissements, qui en sont responsables. Sortie agit pour ces contenus en qualité
          d’hébergeur au sens de l’article 6, I, 2 de la LCEN.
        </p>
        <p>
          Pour signaler un contenu manifestement illicite, écrivez à <Mail to={PUBLISHER.email} /> en précisant l’adresse de la page, le contenu en cause et les raisons du signalement : nous le
          traiterons dans les meilleurs délais.
        </p>
      </>
    ),
  },
  {
    id: 'propriete',
    title: 'Propriété intellectuelle',
    body: (
      <p>
        La marque Sortie, le logo, la charte graphique et le code du site sont la propriété de {PUBLISHER.name}. Les visuels et textes des événements restent la propriété de leurs auteurs. Toute
        reproduction non autorisée est interdite (articles L. 335-2 et suivants du code de la propriété intellectuelle).
      </p>
    ),
  },
  {
    id: 'donnees',
    title: 'Données personnelles et cookies',
    body: (
      <p>
        Le traitement de vos données et l’usage des cookies sont décrits dans notre{' '}
        <Link href="/legal/privacy" className="text-accent underline hover:no-underline">
          politique de confidentialité
        </Link>
        .
      </p>
    ),
  },
];
