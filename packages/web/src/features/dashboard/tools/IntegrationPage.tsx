import { ToolHeading } from './ToolHeading';

/** What each integration page is for; none is configured yet (they get their own work later). */
export const INTEGRATIONS = {
  brightdata: { title: 'Bright Data', purpose: 'Collecter des événements sur des sites qui bloquent les robots, au travers du service de proxys Bright Data, pour alimenter les collecteurs.' },
  designer: { title: 'Designer', purpose: 'Composer les visuels des événements (affiches, stories, bannières) à partir de modèles aux couleurs de Sortie.' },
  instagram: { title: 'Instagram', purpose: 'Publier les événements sur le compte Instagram de Sortie et suivre les publications.' },
  instagramIndexOld: { title: 'Instagram (ancienne version)', purpose: 'L’ancien outil de publication Instagram, gardé le temps de reprendre son historique.' },
  stripe: { title: 'Stripe', purpose: 'Encaisser les paiements des offres Pro et suivre abonnements, factures et remboursements avec Stripe.' },
  test: { title: 'Test', purpose: 'Une page d’essai pour l’équipe technique : vérifier un composant ou un appel au serveur sans toucher aux vraies pages.' },
} as const;

export default function IntegrationPage({ name }: { name: keyof typeof INTEGRATIONS }) {
  const { title, purpose } = INTEGRATIONS[name];
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
      <ToolHeading title={title} />
      <p>
        <strong>À quoi sert cette page :</strong> {purpose}
      </p>
      <p role="note" className="rounded-xl border border-dashed border-line bg-surface/60 p-4 text-muted">
        L’intégration {title} n’est pas configurée sur ce serveur : aucune donnée n’est échangée avec ce service pour l’instant.
      </p>
    </section>
  );
}
