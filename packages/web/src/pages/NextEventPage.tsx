import { useSearch } from 'wouter';
import { GoToNextEvent, LoggerPort } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useRunOnce } from '../components/useRunOnce';
import { PageLoading } from '../components/LoadingBar';
import { usePageTitle } from '../components/usePageTitle';

/** /nextEvent?place={placeId}: sends the visitor to that place's next event (SPEC.md §2). */
export default function NextEventPage() {
  usePageTitle('Prochain événement');
  const placeId = new URLSearchParams(useSearch()).get('place') ?? '';
  const goToNextEvent = useUseCase(GoToNextEvent);
  const logger = useUseCase(LoggerPort);
  useRunOnce(placeId, () => {
    void Promise.resolve()
      .then(() => goToNextEvent.execute(placeId))
      .then((outcome) => {
        // SPEC.md §8: the failure is logged; the use case already went to /home.
        if (outcome.kind === 'fallback') logger.error('Next event lookup failed', { placeId, error: outcome.cause });
      })
      .catch((error: unknown) => logger.error('Next event redirect failed', error));
  });
  return <PageLoading label="Recherche du prochain événement…" />;
}
