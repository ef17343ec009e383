import { mdiMapMarker } from '@mdi/js';
import type { Place } from '@sortie/core';
import { Icon } from '../../components/Icon';

/** The OpenStreetMap page of a point, zoomed on the street. */
export function openStreetMapUrl({ lat, lng }: { lat: number; lng: number }): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

/**
 * A small map card for a place: no tiles are loaded (pages stay light and tests offline); it
 * opens the place on OpenStreetMap, or an address search when the place has no coordinates.
 */
export function PlaceMapLink({ place }: { place: Pick<Place, 'name' | 'address' | 'location'> }) {
  const address = [place.address.street, `${place.address.postalCode} ${place.address.city}`].filter(Boolean).join(', ');
  const href = place.location ? openStreetMapUrl(place.location) : `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-center gap-3 rounded-2xl bg-[radial-gradient(circle_at_30%_40%,rgba(124,92,255,0.25),transparent_60%),linear-gradient(135deg,rgba(255,255,255,0.06),rgba(255,255,255,0.02))] p-4 ring-1 ring-line hover:ring-white/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary text-background">
        <Icon path={mdiMapMarker} size={26} />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold">Voir {place.name} sur la carte</span>
        <span className="block text-sm text-muted">OpenStreetMap, nouvel onglet</span>
      </span>
    </a>
  );
}
