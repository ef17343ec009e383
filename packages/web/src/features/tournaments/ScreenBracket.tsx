import { useEffect, useMemo, useState } from 'react';
import { ClockPort, READABLE_SCREEN_SCALE, SCREEN_PAGE_MS, screenPages, shownSections, type Tournament } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { BracketView } from './BracketView';
import { FitToScreen } from './FitToScreen';
import { useMatchCallouts } from './useMatchCallouts';

/**
 * The bracket on the venue's screen: whole when it can be read across the room, otherwise its
 * parts in turn (core's screenPages), each for SCREEN_PAGE_MS. The whole stays laid out, unseen,
 * so that the screen goes back to it as soon as it fits again (a bigger window, a new draw).
 */
export function ScreenBracket({ tournament, className = '' }: { tournament: Tournament; className?: string }) {
  const callouts = useMatchCallouts(tournament);
  const pages = useMemo(() => screenPages(shownSections(tournament)), [tournament]);
  const [wholeScale, setWholeScale] = useState<number | null>(null);
  const inParts = pages.length > 1 && wholeScale !== null && wholeScale < READABLE_SCREEN_SCALE;
  const index = useTurn(inParts ? pages.length : 0);
  const page = inParts ? pages[index] : undefined;
  return (
    <div className={`relative flex min-h-0 flex-col ${className}`}>
      <FitToScreen className={page ? 'absolute inset-0 invisible' : 'min-h-0 flex-1'} onScale={setWholeScale} hidden={Boolean(page)}>
        <BracketView tournament={tournament} size="screen" callouts={callouts} />
      </FitToScreen>
      {page && (
        <>
          <p className="mb-3 shrink-0 text-2xl text-muted" aria-live="polite">
            {page.title} · {index + 1}/{pages.length}
          </p>
          <FitToScreen key={page.key} className="min-h-0 flex-1">
            <BracketView tournament={tournament} size="screen" callouts={callouts} sections={page.sections} />
          </FitToScreen>
        </>
      )}
    </div>
  );
}

/** 0, 1, … count − 1, 0, … one step every SCREEN_PAGE_MS on the app's clock; 0 while there is nothing to turn. */
function useTurn(count: number): number {
  const clock = useUseCase(ClockPort);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    setIndex(0);
    if (count < 2) return;
    let timer = clock.setTimeout(function next() {
      setIndex((i) => (i + 1) % count);
      timer = clock.setTimeout(next, SCREEN_PAGE_MS);
    }, SCREEN_PAGE_MS);
    return () => clock.clearTimeout(timer);
  }, [clock, count]);
  return Math.min(index, Math.max(0, count - 1));
}
