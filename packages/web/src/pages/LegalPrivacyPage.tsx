import { Link } from 'wouter';
import { ACCOUNT_EXPORT_FILENAME, DELETED_ACCOUNT_LABEL, FRESH_SIGN_IN_MINUTES } from '@sortie/core';
import { LegalDocument, Mail, type LegalSection } from '../features/legal/LegalDocument';
import { PUBLISHER } from '../features/legal/legal-entity';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../features/legal/privacy-policy';

const LINK = 'text-accent underline hover:no-underline';

/** What /account's « Mes données » does, in the words of the law: access and portability (art. 15, 20), erasure (art. 17). */
const ACCOUNT_DATA_SECTION: LegalSection = {
  id: 'vos-donnees',
  title: 'Télécharger ou supprimer vos données',
  body: (
    <>
      <p>
        Depuis{' '}
        <Link href="/account" className={LINK}>
          Mon compte
        </Link>
        , rubrique « Mes données », vous exercez vous-même, sans délai et sans avoir à nous écrire, trois de vos droits.
      </p>
      <h3 className="font-semibold">Accès et portabilité (RGPD, articles 15 et 20)</h3>
      <p>
        « Télécharger mes données » vous remet un fichier <span className="font-mono">{ACCOUNT_EXPORT_FILENAME}</span>, dans un format ouvert (JSON) lisible par une autre application. Il contient tout ce
        que Sortie conserve à votre sujet : votre profil (sans votre mot de passe, que nous ne connaissons pas), vos sessions de connexion (sans leurs jetons), vos favoris, abonnements, partages et liens
        courts, vos réponses aux formulaires et participations aux tombolas, vos notifications, badges, clés d’API (sans la clé elle-même), les e-mails qui vous ont été envoyés et les entrées du journal
        d’activité qui vous concernent.
      </p>
      <h3 className="font-semibold">Effacement (RGPD, article 17)</h3>
      <p>
        « Supprimer mon compte » efface votre compte et tout ce qui n’appartient qu’à vous, en une seule opération, et vous déconnecte. Vous confirmez avec votre mot de passe ; un compte Google ou Apple
        confirme en se reconnectant moins de {FRESH_SIGN_IN_MINUTES} minutes avant.
      </p>
      <ul>
        <li>Effacés : compte (nom, e-mail, photo et ses fichiers, ville, mot de passe), sessions, favoris, abonnements, badges, notifications, appareils inscrits aux notifications, clés d’API, e-mails envoyés.</li>
        <li>
          Conservés sans rien qui vous nomme, parce que d’autres en dépendent : vos participations aux tombolas déjà closes (la preuve publique du tirage porte sur leurs identifiants, qui restent
          vérifiables ; un lot gagné apparaît au nom de « {DELETED_ACCOUNT_LABEL} »), vos réponses aux formulaires pour le décompte de l’organisateur (sans vos réponses libres ni votre e-mail), votre place dans les tableaux des tournois, vos partages
          et liens courts, qui continuent de fonctionner, et le journal des actions de l’équipe, où votre nom est remplacé par « {DELETED_ACCOUNT_LABEL} ».
        </li>
        <li>Une participation à une tombola encore ouverte est retirée : vous ne participez plus au tirage.</li>
      </ul>
      <p>
        Pour toute question sur ces droits, ou si vous ne pouvez plus vous connecter, écrivez à{' '}
        <Mail to={PUBLISHER.privacyEmail} />.
      </p>
    </>
  ),
};

/** The account's own tools, just before the rights one writes to us for. */
const rightsAt = PRIVACY_SECTIONS.findIndex((section) => section.id === 'droits');
const SECTIONS = rightsAt < 0 ? [...PRIVACY_SECTIONS, ACCOUNT_DATA_SECTION] : [...PRIVACY_SECTIONS.slice(0, rightsAt), ACCOUNT_DATA_SECTION, ...PRIVACY_SECTIONS.slice(rightsAt)];

/** /legal/privacy: Données personnelles et cookies. */
export default function LegalPrivacyPage() {
  return <LegalDocument title="Données personnelles et cookies" intro={PRIVACY_INTRO} sections={SECTIONS} current="/legal/privacy" />;
}
