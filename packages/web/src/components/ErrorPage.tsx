import { mdiAlertCircleOutline, mdiCompassOffOutline, mdiHome } from '@mdi/js';
import { Link } from 'wouter';
import { toErrorPage } from '@sortie/core';
import { Icon } from './Icon';
import { usePageHead } from './usePageTitle';
import { useServerStatus } from '../ssr/server-render-context';

/**
 * The error page of SPEC.md §2: a not-found variant for status 404 and a general variant
 * otherwise. The message is the error's own (SPEC.md §8 fixes some to the letter), with
 * core's defaults 'Page Not Found' and 'Internal Server Error'.
 */
export function ErrorPage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const model = toErrorPage(error);
  const notFound = model.variant === 'notFound';
  usePageHead({ title: notFound ? 'Page introuvable' : 'Erreur', noindex: true });
  useServerStatus(model.statusCode);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" aria-labelledby="error-title" data-variant={model.variant}>
      <Icon path={notFound ? mdiCompassOffOutline : mdiAlertCircleOutline} size={64} className={notFound ? 'text-accent' : 'text-error'} />
      <p className="mt-4 text-6xl font-black tracking-tight text-white/90" aria-label={`Erreur ${model.statusCode}`}>
        {model.statusCode}
      </p>
      <h1 id="error-title" className="mt-2 text-2xl font-bold">
        {notFound ? 'Page introuvable' : 'Une erreur est survenue'}
      </h1>
      <p className="mt-3 text-muted">
        {notFound
          ? 'La page demandée n’existe pas ou a été déplacée.'
          : 'Quelque chose s’est mal passé de notre côté. Réessayez dans un instant.'}
      </p>
      <p className="mt-4 rounded-md bg-surface px-3 py-2 font-mono text-sm break-all text-white/80" data-testid="error-message">
        {model.message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className="inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2.5 font-semibold text-background hover:bg-primary/90">
          <Icon path={mdiHome} size={20} />
          Retour à l’accueil
        </Link>
        {onRetry && !notFound && (
          <button type="button" onClick={onRetry} className="rounded-full border border-line px-5 py-2.5 font-semibold hover:bg-surface">
            Réessayer
          </button>
        )}
      </div>
    </section>
  );
}
