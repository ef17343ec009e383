import { useSearch } from 'wouter';
import { GoToNextEvent, LoggerPort } from '@sortie/core';
import { useUseCase } from '../app/container-context';
import { useRunOnce } from '../app/useRunOnce';
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
      .catch((error: unknown) => logger.error('Next event redirect failed', error));
  });
  return <PageLoading label="Recherche du prochain événement…" />;
}
