import { ScrollBox } from '../../components/ui';
import { Mail, type LegalSection } from './LegalDocument';
import { CNIL, PUBLISHER } from './legal-entity';

const TABLE = 'w-full border-collapse text-sm [&_td]:border [&_td]:border-line [&_td]:p-2 [&_td]:align-top [&_th]:border [&_th]:border-line [&_th]:bg-surface [&_th]:p-2 [&_th]:text-left';

/** /legal/privacy: the information owed under the GDPR (art. 13 and 14) and the cookie rules (ePrivacy, art. 82 of the loi Informatique et Libertés). */
export const PRIVACY_INTRO = (
  <p>
    {PUBLISHER.name} traite vos données personnelles pour faire fonctionner Sortie, dans le respect du règlement (UE) 2016/679 (RGPD) et de la loi n° 78-17 du 6 janvier 1978 « Informatique et Libertés ». Cette
    page explique quelles données nous utilisons, pourquoi, combien de temps, et comment exercer vos droits.
  </p>
);

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'responsable',
    title: 'Responsable du traitement',
    body: (
      <p>
        Le responsable du traitement est {PUBLISHER.name}, {PUBLISHER.address}. Pour toute question sur vos données : <Mail to={PUBLISHER.privacyEmail} />. Lorsqu’un organisateur collecte des
        réponses par un formulaire ou des participations à une tombola, il est responsable de ce traitement ; Sortie agit alors comme sous-traitant pour son compte.
      </p>
    ),
  },
  {
    id: 'donnees',
    title: 'Données collectées',
    body: (
      <ul>
        <li>Compte : nom affiché, adresse e-mail, photo de profil éventuelle, ville préférée, rôles.</li>
        <li>Activité : événements aimés, lieux, organisateurs et artistes suivis, badges obtenus, notifications reçues.</li>
        <li>Participations : réponses aux formulaires, nom et e-mail donnés pour une tombola, résultats des blind tests et tournois.</li>
        <li>Appareil : identifiant de notification (si vous acceptez les notifications), navigateur (user agent) lors des visites de liens courts et de partages.</li>
        <li>
          Visites des liens courts : la date et l’heure, le site d’où vous venez (son nom seulement, par exemple instagram.com), le type d’appareil, son système et son navigateur tels que
          les annonce votre navigateur, s’il s’agit d’un robot, si le lien a été ouvert depuis un QR code, et les paramètres de campagne (UTM) de l’adresse visée. Aucune adresse IP n’est
          enregistrée avec une visite ; celle qui saisit le mot de passe d’un lien protégé sert seulement à compter les essais erronés, pendant une minute.
        </li>
        <li>Musique : si vous connectez un compte Spotify, les jetons d’accès, conservés dans votre navigateur uniquement.</li>
        <li>Journaux techniques : adresse IP et date des requêtes, pour la sécurité du service.</li>
      </ul>
    ),
  },
  {
    id: 'finalites',
    title: 'Finalités et bases légales',
    body: (
      <ScrollBox label="Finalités et bases légales">
        <table className={TABLE}>
          <caption className="sr-only">Finalités des traitements et leurs bases légales</caption>
          <thead>
            <tr>
              <th scope="col">Finalité</th>
              <th scope="col">Base légale (RGPD, art. 6)</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Créer et gérer votre compte, vous connecter</td>
              <td>Exécution du contrat (conditions d’utilisation)</td>
            </tr>
            <tr>
              <td>Suggestions d’événements selon votre ville et vos abonnements</td>
              <td>Exécution du contrat</td>
            </tr>
            <tr>
              <td>Enregistrer vos réponses aux formulaires et vos participations aux tombolas, prévenir les gagnants</td>
              <td>Exécution du contrat ; pour l’organisateur, son intérêt légitime ou votre consentement</td>
            </tr>
            <tr>
              <td>Notifications push</td>
              <td>Consentement, retirable à tout moment dans votre navigateur ou votre téléphone</td>
            </tr>
            <tr>
              <td>Connexion à Spotify pour les blind tests</td>
              <td>Consentement</td>
            </tr>
            <tr>
              <td>Statistiques de visites des liens courts et des partages (sans profilage)</td>
              <td>Intérêt légitime à mesurer l’audience du service</td>
            </tr>
            <tr>
              <td>Sécurité, prévention des abus et des fraudes</td>
              <td>Intérêt légitime ; obligation légale de conservation des données de connexion</td>
            </tr>
          </tbody>
        </table>
      </ScrollBox>
    ),
  },
  {
    id: 'conservation',
    title: 'Durées de conservation',
    body: (
      <ul>
        <li>Compte : tant qu’il est actif ; supprimé après 3 ans sans connexion, après un e-mail de prévenance.</li>
        <li>Session de connexion : 30 jours.</li>
        <li>Réponses aux formulaires : le temps fixé par l’organisateur, au plus 2 ans après la fermeture du formulaire.</li>
        <li>Participations aux tombolas : 1 an après le tirage (la preuve publique du tirage ne contient ni nom ni e-mail des perdants).</li>
        <li>Journaux techniques et données de connexion : 1 an.</li>
        <li>Cookies et traceurs soumis au consentement : 13 mois au plus ; votre choix est conservé 6 mois.</li>
      </ul>
    ),
  },
  {
    id: 'destinataires',
    title: 'Destinataires et transferts',
    body: (
      <>
        <p>Vos données ne sont jamais vendues. Elles sont accessibles à l’équipe de Sortie habilitée et, pour ce qui les concerne, aux organisateurs des formulaires et tombolas auxquels vous participez.</p>
        <p>
          Nos sous-traitants : notre hébergeur (Union européenne) ; Google Firebase pour l’authentification et l’envoi des notifications ; Spotify si vous connectez votre compte. Les transferts hors de
          l’Union européenne sont encadrés par le cadre de protection des données UE – États-Unis ou par les clauses contractuelles types de la Commission européenne.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies et stockage local',
    body: (
      <>
        <p>Sortie n’utilise ni cookie publicitaire ni mesure d’audience par un tiers. Les traceurs utilisés sont nécessaires au service que vous demandez et sont donc exemptés de consentement :</p>
        <ScrollBox label="Cookies et stockage local">
          <table className={TABLE}>
            <caption className="sr-only">Cookies et stockage local utilisés</caption>
            <thead>
              <tr>
                <th scope="col">Nom</th>
                <th scope="col">Rôle</th>
                <th scope="col">Durée</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className="font-mono">sortie_session</td>
                <td>Vous garder connecté (cookie HttpOnly)</td>
                <td>30 jours</td>
              </tr>
              <tr>
                <td className="font-mono">sortie_device</td>
                <td>Reconnaître cet appareil quand vous vous reconnectez, pour qu’il n’apparaisse qu’une fois dans vos sessions (cookie HttpOnly, n’ouvre aucune session)</td>
                <td>13 mois</td>
              </tr>
              <tr>
                <td className="font-mono">sortie_mobile_redirect</td>
                <td>Ne proposer l’application mobile qu’une fois par jour sur téléphone</td>
                <td>24 heures</td>
              </tr>
              <tr>
                <td className="font-mono">sortie_city</td>
                <td>Retenir la ville choisie (stockage local du navigateur)</td>
                <td>Jusqu’à ce que vous l’effaciez</td>
              </tr>
              <tr>
                <td className="font-mono">sortie_city_account</td>
                <td>Retenir que la ville de votre profil a déjà été reprise sur cet appareil, pour ne pas remplacer celle que vous y choisissez ensuite (stockage local)</td>
                <td>Jusqu’à ce que vous l’effaciez</td>
              </tr>
              <tr>
                <td className="font-mono">spotify_token, spotify_auth_state</td>
                <td>Connexion à Spotify, seulement si vous la demandez (stockage local)</td>
                <td>Jusqu’à la déconnexion</td>
              </tr>
            </tbody>
          </table>
        </ScrollBox>
        <p>Vous pouvez effacer ces données à tout moment depuis les réglages de votre navigateur ; vous serez alors déconnecté.</p>
      </>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits',
    body: (
      <>
        <p>
          Vous disposez des droits d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition, ainsi que du droit de retirer votre consentement à tout moment et de définir des
          directives sur le sort de vos données après votre décès.
        </p>
        <p>
          Pour les exercer, écrivez à <Mail to={PUBLISHER.privacyEmail} /> ou par courrier au siège. Nous répondons dans un délai d’un mois. Une pièce d’identité ne peut vous être demandée qu’en cas de
          doute raisonnable sur votre identité.
        </p>
        <p>
          Si vous estimez que vos droits ne sont pas respectés, vous pouvez introduire une réclamation auprès de la {CNIL.name}, {CNIL.address}, ou en ligne sur{' '}
          <a href={CNIL.url} target="_blank" rel="noopener noreferrer" className="text-accent underline hover:no-underline">
            cnil.fr
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: 'securite',
    title: 'Sécurité',
    body: (
      <p>
        Les échanges sont chiffrés (HTTPS), les mots de passe ne sont jamais conservés en clair, les sessions sont conservées sous forme d’empreinte et l’accès aux données est limité aux personnes qui en
        ont besoin.
      </p>
    ),
  },
];
