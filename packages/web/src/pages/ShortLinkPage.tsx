import { LoggerPort, ResolveShortLink } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useRunOnce } from '../components/useRunOnce';
import { PageLoading } from '../components/LoadingBar';
import { usePageTitle } from '../components/usePageTitle';
import type { PageProps } from './types';

/** /r and /r/{shortCode}: follows a short link out of the app, or goes home (SPEC.md §2). */
export default function ShortLinkPage({ params }: PageProps) {
  usePageTitle('Redirection');
  const shortCode = params['shortCode'] ?? '';
  const resolveShortLink = useUseCase(ResolveShortLink);
  const logger = useUseCase(LoggerPort);
  useRunOnce(shortCode, () => {
    void Promise.resolve()
      .then(() => resolveShortLink.execute(shortCode))
      .then((outcome) => {
        // SPEC.md §8: the failure is logged; the use case already went to /home.
        if (outcome.kind === 'fallback') logger.error('Short link could not be resolved', { shortCode, error: outcome.cause });
      })
      .catch((error: unknown) => logger.error('Short link redirect failed', error));
  });
  return <PageLoading label="Redirection en cours…" />;
}
