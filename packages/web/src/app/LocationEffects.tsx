import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LoggerPort, MobileAppRedirect, RecordShareView, ResolveDynaLink } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { DYNA_PARAM, SHARE_PARAM } from './location-params';


/**
 * The special behaviours of SPEC.md §2 that hang on any address rather than on a page:
 * the mobile store redirect (at start and on each move), `dyna` (a dynamic link to
 * follow) and `nshid` (a share view to record, then removed from the address).
 */
export function LocationEffects() {
  const [path] = useLocation();
  const search = useSearch();
  const mobileRedirect = useUseCase(MobileAppRedirect);
  const resolveDynaLink = useUseCase(ResolveDynaLink);
  const recordShareView = useUseCase(RecordShareView);
  const logger = useUseCase(LoggerPort);
  // What was last handled: removing nshid rewrites the address, which must not follow the
  // same dynamic link twice, and React's strict mode runs each effect twice in development.
  const handled = useRef({ path: null as string | null, dyna: null as string | null, share: null as string | null });

  useEffect(() => {
    if (handled.current.path === path) return;
    handled.current.path = path;
    void Promise.resolve()
      .then(() => mobileRedirect.execute(path))
      .catch((error: unknown) => logger.error('Mobile app redirect failed', error));
  }, [path, mobileRedirect, logger]);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const dyna = params.get(DYNA_PARAM);
    const key = dyna === null ? null : `${path}?${dyna}`;
    if (key !== handled.current.dyna) {
      handled.current.dyna = key;
      if (dyna !== null) {
        void Promise.resolve()
          .then(() => resolveDynaLink.execute(dyna))
          .then((outcome) => {
            // SPEC.md §8: logged, and the visitor stays where it is (or leaves, if only the visit failed).
            if (outcome.kind === 'fallback') logger.error('Dynamic link could not be resolved', { id: dyna, error: outcome.cause });
            else if (outcome.kind === 'external' && outcome.visitFailure !== undefined) logger.error('Dynamic link visit could not be recorded', { id: dyna, error: outcome.visitFailure });
          })
          .catch((error: unknown) => logger.error('Dynamic link failed', error));
      }
    }
    const share = params.has(SHARE_PARAM) ? `${path}?${search}` : null;
    if (share !== handled.current.share) {
      handled.current.share = share;
      if (share === null) return;
      void Promise.resolve()
        .then(() => recordShareView.execute())
        .then((outcome) => {
          // SPEC.md §8: logged only.
          if (outcome.kind === 'failed') logger.error('Share view could not be recorded', { shareId: outcome.shareId, error: outcome.cause });
        })
        .catch((error: unknown) => logger.error('Share view failed', error));
    }
  }, [path, search, resolveDynaLink, recordShareView, logger]);

  return null;
}
