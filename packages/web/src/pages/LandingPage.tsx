import { mdiAccountGroup, mdiCalendarStar, mdiMapMarkerRadius, mdiMusicNote, mdiTicket, mdiTrophy } from '@mdi/js';
import { Suspense, useEffect, useState } from 'react';
import { lazyWhenVisible } from '../components/lazy-when-visible';
import { Link, useLocation } from 'wouter';
import { pathFor } from '@sortie/core';
import { useCities, usePreferredCity } from '../services/preferences';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';

// The highlights: a chunk of their own, loaded (and the server's HTML of them hydrated) when
// they come near the viewport, so that the landing page's first JavaScript stays small.
const HIGHLIGHTS_ID = 'landing-highlights';
const LandingHighlights = lazyWhenVisible(HIGHLIGHTS_ID, () => import('../features/events/LandingHighlights'));

const FEATURES = [
  { icon: mdiCalendarStar, title: 'Tout l’agenda de votre ville', text: 'Concerts, soirées, spectacles, expos : chaque jour, ce qui se passe près de chez vous.' },
  { icon: mdiMapMarkerRadius, title: 'Des lieux à découvrir', text: 'Bars, salles, cafés-jeux et tiers-lieux, avec leurs horaires, leur carte et leurs prochaines dates.' },
  { icon: mdiMusicNote, title: 'Blind tests', text: 'Jouez en direct depuis votre téléphone et grimpez au classement de la soirée.' },
  { icon: mdiTrophy, title: 'Tournois et championnats', text: 'Inscriptions, tableaux et scores en temps réel, du baby-foot aux jeux vidéo.' },
  { icon: mdiTicket, title: 'Tombolas', text: 'Tentez votre chance : tirages vérifiables, règlement publié, lots à gagner.' },
  { icon: mdiAccountGroup, title: 'Vos envies, vos amis', text: 'Suivez vos lieux et artistes préférés, aimez des événements, recevez des suggestions.' },
];

/** The public front door (SPEC.md §2 `/`): what Sortie is, and a city to start with. */
export default function LandingPage() {
  usePageTitle(undefined);
  const cities = useCities();
  const [preferred, setCity] = usePreferredCity();
  const [, navigate] = useLocation();
  const [shown, setShown] = useState(() => (cities.includes(preferred) ? preferred : cities[0] ?? preferred));
  // The server draws the default city; the browser then shows the visitor's own.
  useEffect(() => {
    if (cities.includes(preferred)) setShown(preferred);
  }, [preferred, cities]);

  const open = (city: string) => {
    setCity(city);
    navigate(pathFor('home', { city }));
  };

  return (
    <>
      <section className="relative overflow-hidden" aria-labelledby="landing-title">
        <div
          className="pointer-events-none absolute inset-0 -z-10 opacity-60"
          aria-hidden="true"
          style={{ background: 'radial-gradient(60% 60% at 20% 10%, rgb(255 90 95 / 0.35), transparent 70%), radial-gradient(50% 50% at 90% 30%, rgb(124 92 255 / 0.3), transparent 70%)' }}
        />
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:pt-24 sm:pb-20">
          <p className="text-sm font-semibold tracking-widest text-accent uppercase">Sorties, concerts, jeux</p>
          <h1 id="landing-title" className="mt-3 max-w-3xl text-4xl leading-tight font-black tracking-tight sm:text-6xl">
            Que faire ce soir&nbsp;?
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">
            Sortie rassemble les événements, les lieux et les animations de votre ville : concerts, soirées, blind tests, tournois et tombolas.
            Choisissez votre ville et laissez-vous guider.
          </p>

          <form
            className="mt-8 flex max-w-xl flex-col gap-3 sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              open(String(new FormData(event.currentTarget).get('city') ?? preferred));
            }}
          >
            <label htmlFor="landing-city" className="sr-only">
              Votre ville
            </label>
            <select
              id="landing-city"
              name="city"
              value={shown}
              onChange={(event) => setShown(event.target.value)}
              className="min-w-0 flex-1 rounded-full border border-line bg-surface px-4 py-3 text-base"
            >
              {cities.map((city) => (
                <option key={city} value={city}>
                  {city}
                </option>
              ))}
            </select>
            <button type="submit" className="rounded-full bg-primary px-6 py-3 font-semibold text-background hover:bg-primary/90">
              Voir l’agenda
            </button>
          </form>

          {cities.length > 1 && (
            <nav aria-label="Villes" className="mt-6">
              <ul className="flex flex-wrap gap-2">
                {cities.map((city) => (
                  <li key={city}>
                    <Link
                      href={pathFor('home', { city })}
                      onClick={() => setCity(city)}
                      className="inline-block rounded-full border border-line px-3 py-1 text-sm text-muted hover:border-white/40 hover:text-white"
                    >
                      {city}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </section>

      <div id={HIGHLIGHTS_ID} className="mx-auto max-w-6xl px-4 py-8">
        <Suspense
          fallback={
            <p role="status" className="text-muted">
              Chargement des sorties…
            </p>
          }
        >
          <LandingHighlights city={shown} />
        </Suspense>
      </div>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="features-title">
        <h2 id="features-title" className="text-2xl font-bold">
          Tout pour bien sortir
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-2xl bg-surface p-5 ring-1 ring-line">
              <Icon path={feature.icon} size={28} className="text-primary" />
              <h3 className="mt-3 font-semibold">{feature.title}</h3>
              <p className="mt-1 text-sm text-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="pro-title">
        <div className="flex flex-col items-start gap-4 rounded-3xl bg-gradient-to-br from-secondary/30 to-tertiary/20 p-6 ring-1 ring-line sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 id="pro-title" className="text-2xl font-bold">
              Vous organisez des événements&nbsp;?
            </h2>
            <p className="mt-2 max-w-xl text-muted">
              Lieux, associations, collectifs : publiez vos dates, animez vos soirées avec nos blind tests et tournois, recrutez vos équipes.
            </p>
          </div>
          <Link href={pathFor('pro')} className="shrink-0 rounded-full bg-white px-5 py-2.5 font-semibold text-black hover:bg-white/90">
            Découvrir Sortie Pro
          </Link>
        </div>
      </section>
    </>
  );
}
