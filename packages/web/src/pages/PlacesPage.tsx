import { useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { placeQueries } from '@sortie/core';
import { useCities } from '../services/preferences';
import { usePageTitle } from '../components/usePageTitle';
import { EmptyState, ListSkeleton, QueryView } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { Pager } from '../features/people/Pager';
import { PlaceListItem } from '../features/places/PlaceListItem';

export const PLACES_PAGE_SIZE = 12;
const SELECT =
  'mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** /places: every venue, filtered by type and city, a server page at a time. */
export default function PlacesPage() {
  usePageTitle('Lieux');
  const cities = useCities();
  // The filters and the page live in the address: a filtered list can be shared, and Back works.
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const typeId = params.get('type') ?? '';
  const city = params.get('city') ?? '';
  const offset = Math.max(0, (Math.floor(Number(params.get('page'))) || 1) - 1) * PLACES_PAGE_SIZE;
  const go = (next: { type?: string; city?: string; page?: number }, replace: boolean) => {
    const query = new URLSearchParams();
    const merged = { type: typeId, city, page: offset / PLACES_PAGE_SIZE + 1, ...next };
    if (merged.type) query.set('type', merged.type);
    if (merged.city) query.set('city', merged.city);
    if (merged.page > 1) query.set('page', String(merged.page));
    const qs = query.toString();
    navigate(qs ? `/places?${qs}` : '/places', { replace });
  };
  const typeField = useId();
  const cityField = useId();

  const types = useQuery(placeQueries.types());
  const typeNames = new Map((types.data?.items ?? []).map((type) => [type._id, type.name]));
  const places = useQuery(placeQueries.list({ typeId, city }, PLACES_PAGE_SIZE, offset));

  return (
    <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Lieux
      </h1>
      <p className="mt-2 text-muted">Bars, salles de concert, théâtres, cafés-jeux… trouvez où sortir près de chez vous.</p>

      <form className="mt-6 grid gap-4 sm:grid-cols-2" role="search" aria-label="Filtrer les lieux" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor={typeField} className="text-sm font-medium">
            Type de lieu
          </label>
          <select id={typeField} className={SELECT} value={typeId} onChange={(e) => go({ type: e.target.value, page: 1 }, true)}>
            <option value="">Tous les types</option>
            {(types.data?.items ?? []).map((type) => (
              <option key={type._id} value={type._id}>
                {type.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={cityField} className="text-sm font-medium">
            Ville
          </label>
          <select id={cityField} className={SELECT} value={city} onChange={(e) => go({ city: e.target.value, page: 1 }, true)}>
            <option value="">Toutes les villes</option>
            {cities.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </form>

      <div className="mt-8">
        <QueryView query={places} skeleton={<ListSkeleton rows={4} label="Chargement des lieux…" />}>
          {(page) =>
            page.items.length === 0 ? (
              <EmptyState>{typeId || city ? 'Aucun lieu ne correspond à ces filtres.' : 'Aucun lieu pour le moment.'}</EmptyState>
            ) : (
              <>
                <p className="text-sm text-muted" aria-live="polite">
                  {page.meta.total} {page.meta.total > 1 ? 'lieux' : 'lieu'}
                </p>
                <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                  {page.items.map((place) => (
                    <PlaceListItem key={place._id} place={place} typeName={place.typeId ? typeNames.get(place.typeId) : undefined} />
                  ))}
                </ul>
                <Pager meta={page.meta} onOffset={(next) => go({ page: next / PLACES_PAGE_SIZE + 1 }, false)} label="Pages des lieux" />
              </>
            )
          }
        </QueryView>
      </div>
    </section>
  );
}
