import { CookiePort, MOBILE_REDIRECT_COOKIE, MobileAppRedirect, NavigatorPort } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { usePageTitle } from '../components/usePageTitle';

const PLATFORM_LABELS = { android: 'Android', ios: 'iOS (iPhone, iPad, iPod)', other: 'Autre système' } as const;
const REASON_LABELS: Record<string, string> = {
  'skipped-path': 'chemin exclu de la redirection',
  'other-platform': 'système sans application',
  'already-attempted': 'redirection déjà tentée dans les dernières 24 h',
  'no-store-page': 'aucune page de store configurée',
  'store-page': 'redirection vers la page du store',
};

/** /debug-mobile: what the mobile store redirect would do for this browser (never redirected here). */
export default function DebugMobilePage() {
  usePageTitle('Diagnostic mobile');
  const redirect = useUseCase(MobileAppRedirect);
  const navigator = useUseCase(NavigatorPort);
  const cookies = useUseCase(CookiePort);
  const decision = redirect.decide('/');
  const rows: Array<[string, string]> = [
    ['Navigateur', navigator.userAgent()],
    ['Système détecté', PLATFORM_LABELS[decision.platform]],
    ['Marqueur de tentative', cookies.get(MOBILE_REDIRECT_COOKIE) === null ? 'absent' : 'présent'],
    ['Sur la page d’accueil', `${decision.redirect ? 'oui' : 'non'} : ${REASON_LABELS[decision.reason] ?? decision.reason}`],
    ['Destination', decision.target ?? '—'],
  ];
  return (
    <section className="mx-auto max-w-2xl px-4 py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        Diagnostic mobile
      </h1>
      <p className="mt-2 text-muted">Ce que ferait la redirection vers l’application mobile pour ce navigateur.</p>
      <dl className="mt-6 divide-y divide-line rounded-2xl bg-surface ring-1 ring-line">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 p-4 sm:grid-cols-3">
            <dt className="text-sm text-muted">{term}</dt>
            <dd className="break-words sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
