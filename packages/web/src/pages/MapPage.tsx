import { useMemo, useState } from 'react';
import { mdiArrowLeft, mdiCrosshairsGps } from '@mdi/js';
import { Link } from 'wouter';
import { pathFor, placeQueries, type Event, type Page, type Place } from '@sortie/core';
import { useCities, usePreferredCity } from '../services/preferences';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { EmptyState, ErrorNotice, Skeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { useAddressQuery } from '../features/events/address-query';
import { MapView } from '../features/map/MapView';
import { markersOf, type MapMarker } from '../features/map/markers';
import { formatDateTime } from '../format';

/** What the map shows at most: every one of them is also in the list beside it. */
export const MAP_PLACES = 100;
export const MAP_EVENTS = 50;

/** /map: a city's places and upcoming events, on a map with clusters and in a list. */
export default function MapPage() {
  usePageTitle('Carte');
  const cities = useCities();
  const [preferred] = usePreferredCity();
  const [address, setAddress] = useAddressQuery();
  const asked = address.get('city');
  const city = cities.find((name) => name.toLowerCase() === asked?.toLowerCase()) ?? preferred;
  const [selected, setSelected] = useState<string | null>(address.get('place'));

  const data = useQuery(placeQueries.map(city, MAP_PLACES, MAP_EVENTS));
  const markers = useMemo(() => (data.status === 'success' ? markersOf(data.data.places.items, data.data.events.items, formatDateTime) : []), [data]);

  return (
    <div className="flex min-h-dvh flex-col lg:h-dvh">
      <header className="flex flex-wrap items-center gap-3 border-b border-line px-4 py-3">
        <Link href={pathFor('home', { city })} className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm text-muted hover:text-white focus-visible:outline-2 focus-visible:outline-primary">
          <Icon path={mdiArrowLeft} size={18} />
          Agenda de {city}
        </Link>
        <h1 className="text-xl font-bold">Carte</h1>
        <label htmlFor="map-city" className="ml-auto text-sm text-muted">
          Ville
        </label>
        <select id="map-city" value={city} onChange={(e) => setAddress({ city: e.target.value, place: null })} className="rounded-lg border border-line bg-surface px-3 py-1.5 text-sm">
          {cities.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </header>

      <div className="grid flex-1 grid-cols-1 lg:min-h-0 lg:grid-cols-[22rem_1fr]">
        <aside className="order-2 overflow-y-auto border-line p-4 lg:order-1 lg:border-r" aria-label="Liste des lieux et des événements">
          {data.status === 'loading' && <Skeleton lines={8} label="Chargement des lieux…" />}
          {data.status === 'error' && <ErrorNotice error={data.error} onRetry={data.reload} />}
          {data.status === 'success' && (
            <MapList places={data.data.places} events={data.data.events} markers={markers} selected={selected} onSelect={setSelected} city={city} />
          )}
        </aside>
        <div className="order-1 h-72 lg:order-2 lg:h-auto">
          <MapView markers={markers} selectedId={selected} label={`Carte des lieux et événements de ${city}`} className="h-full w-full" />
        </div>
      </div>
    </div>
  );
}

function MapList({ places, events, markers, selected, onSelect, city }: { places: Page<Place>; events: Page<Event>; markers: MapMarker[]; selected: string | null; onSelect: (id: string) => void; city: string }) {
  const onMap = new Set(markers.map((m) => m.id));
  if (places.items.length === 0 && events.items.length === 0) return <EmptyState>Aucun lieu ni événement à afficher à {city} pour le moment.</EmptyState>;
  const placeName = new Map(places.items.map((p) => [p._id, p.name]));
  const row = (id: string, title: string, href: string, detail: string) => (
    <li key={id} className={`flex items-start gap-2 rounded-xl p-2 ${selected === id ? 'bg-white/10 ring-1 ring-primary' : ''}`}>
      <div className="min-w-0 flex-1">
        <Link href={href} className="font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-primary">
          {title}
        </Link>
        {detail && <p className="text-sm text-muted">{detail}</p>}
      </div>
      {onMap.has(id) && (
        <button type="button" onClick={() => onSelect(id)} aria-pressed={selected === id} className="shrink-0 rounded-full p-1.5 text-muted hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-primary">
          <Icon path={mdiCrosshairsGps} size={18} label={`Montrer ${title} sur la carte`} />
        </button>
      )}
    </li>
  );
  return (
    <>
      <section aria-labelledby="map-places">
        <h2 id="map-places" className="text-lg font-bold">
          Lieux ({places.meta.total})
        </h2>
        <ul className="mt-2 space-y-1">{places.items.map((p) => row(p._id, p.name, pathFor('place', { id: p._id }), [p.address.street, p.address.city].filter(Boolean).join(', ')))}</ul>
      </section>
      <section aria-labelledby="map-events" className="mt-6">
        <h2 id="map-events" className="text-lg font-bold">
          Événements à venir ({events.meta.total})
        </h2>
        {events.items.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Aucun événement à venir.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {events.items.map((e) => row(e._id, e.title, pathFor('event', { id: e._id }), [formatDateTime(e.startsAt), e.placeId ? placeName.get(e.placeId) : ''].filter(Boolean).join(' · ')))}
          </ul>
        )}
        {events.meta.total > events.items.length && (
          <Link href={pathFor('home', { city })} className="mt-3 inline-block text-sm font-semibold text-accent hover:underline">
            Tout l’agenda de {city}
          </Link>
        )}
      </section>
    </>
  );
}
