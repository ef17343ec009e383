import { useState } from 'react';
import { mdiMusicCircle } from '@mdi/js';
import { Link, useSearch } from 'wouter';
import { MusicPlayback, NavigatorPort } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useRunOnce } from '../components/useRunOnce';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { LINK_CLASS } from '../components/ui';

/** Only a path of this site is followed after sign-in: the stored address must not send the visitor elsewhere. */
function safeReturnPath(originalUrl: string, origin: string): string {
  try {
    const url = new URL(originalUrl, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

/** /spotify: the music provider's return page. Completes the sign-in the core began, then goes back where the visitor was. */
export default function SpotifyPage() {
  usePageTitle('Connexion à Spotify');
  const music = useUseCase(MusicPlayback);
  const navigator = useUseCase(NavigatorPort);
  const search = useSearch();
  const [failure, setFailure] = useState<string | null>(null);

  useRunOnce(search, () => {
    const params = new URLSearchParams(search);
    music.completeSignIn({ code: params.get('error') ? null : params.get('code'), state: params.get('state') }).then(
      ({ originalUrl }) => navigator.navigate(safeReturnPath(originalUrl, navigator.currentUrl().origin), { replace: true }),
      (error: unknown) => setFailure(error instanceof Error && error.message ? error.message : 'La connexion à Spotify a échoué : veuillez réessayer.'),
    );
  });

  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center" aria-labelledby="page-title">
      <Icon path={mdiMusicCircle} size={56} className="mx-auto text-success" />
      <h1 id="page-title" className="mt-4 text-2xl font-bold">
        Connexion à Spotify
      </h1>
      {failure ? (
        <div role="alert" className="mt-4 rounded-lg border border-error/40 bg-error/10 p-4 text-sm">
          <p>{failure}</p>
          <p className="mt-3">
            <Link href="/" className={LINK_CLASS}>
              Retour à l’accueil
            </Link>
          </p>
        </div>
      ) : (
        <p role="status" className="mt-4 text-muted">
          Connexion en cours, vous allez être redirigé…
        </p>
      )}
    </section>
  );
}
