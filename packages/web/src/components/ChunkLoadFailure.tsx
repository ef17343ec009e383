import { useEffect } from 'react';
import { mdiRefresh } from '@mdi/js';
import { Icon } from './Icon';

/**
 * What a page shows when a part of its code could not be downloaded, even on a second try (a
 * connection that dropped, a new version put online meanwhile): a French explanation and a
 * button that reloads the page, never the browser's own English message. Part of the entry
 * chunk, so that it shows even when nothing more can be downloaded.
 */
export function ChunkLoadFailure({ reload = () => window.location.reload() }: { reload?: () => void }) {
  // The page is drawn and answers (RouteView's PageReady, which the page that failed never reached).
  useEffect(() => {
    document.documentElement.dataset['page'] = 'ready';
    return () => {
      delete document.documentElement.dataset['page'];
    };
  }, []);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" role="alert" aria-labelledby="chunk-failure-title" data-variant="chunk">
      <h1 id="chunk-failure-title" className="text-2xl font-bold">
        La page n’a pas pu se charger
      </h1>
      <p className="mt-3 text-muted">
        Une partie de Sortie n’a pas pu être téléchargée : la connexion a peut-être été coupée, ou une nouvelle version du site vient d’être mise en
        ligne. Rechargez la page pour continuer.
      </p>
      <button
        type="button"
        onClick={reload}
        className="mt-8 inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2.5 font-semibold text-background hover:bg-primary/90"
      >
        <Icon path={mdiRefresh} size={20} />
        Recharger la page
      </button>
    </section>
  );
}
