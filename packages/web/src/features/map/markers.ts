import { pathFor, type Event, type Place } from '@sortie/core';

/** One pin of the map, and one line of the list beside it. */
export interface MapMarker {
  id: string;
  kind: 'place' | 'event';
  title: string;
  /** Under the title: the address of a place, the place of an event. */
  subtitle: string;
  href: string;
  lat: number;
  lng: number;
}

type MapPlace = Pick<Place, '_id' | 'name' | 'address'> & { location?: { lat: number; lng: number } };
type MapEvent = Pick<Event, '_id' | 'title' | 'placeId' | 'startsAt'>;

/**
 * The pins for the places that have a location and for the upcoming events held at one of
 * them (an event sits on its place's point; the cluster layer spreads them). Places and
 * events without a point are left out of the map, not out of the list.
 */
export function markersOf(places: readonly MapPlace[], events: readonly MapEvent[], formatWhen: (iso: string) => string): MapMarker[] {
  const byId = new Map(places.map((place) => [place._id, place]));
  const markers: MapMarker[] = [];
  for (const place of places) {
    if (!place.location) continue;
    markers.push({
      id: place._id,
      kind: 'place',
      title: place.name,
      subtitle: [place.address.street, place.address.city].filter(Boolean).join(', '),
      href: pathFor('place', { id: place._id }),
      ...place.location,
    });
  }
  for (const event of events) {
    const place = event.placeId ? byId.get(event.placeId) : undefined;
    if (!place?.location) continue;
    markers.push({ id: event._id, kind: 'event', title: event.title, subtitle: `${formatWhen(event.startsAt)} · ${place.name}`, href: pathFor('event', { id: event._id }), ...place.location });
  }
  return markers;
}

/** The centre and zoom that show every marker; France when there is none. */
export function viewOf(markers: readonly { lat: number; lng: number }[]): { center: [number, number]; zoom: number } {
  if (markers.length === 0) return { center: [46.6, 2.4], zoom: 5 };
  const lats = markers.map((m) => m.lat);
  const lngs = markers.map((m) => m.lng);
  const span = Math.max(Math.max(...lats) - Math.min(...lats), Math.max(...lngs) - Math.min(...lngs));
  const zoom = span < 0.01 ? 15 : span < 0.05 ? 13 : span < 0.2 ? 12 : span < 1 ? 10 : span < 4 ? 8 : 6;
  return { center: [(Math.max(...lats) + Math.min(...lats)) / 2, (Math.max(...lngs) + Math.min(...lngs)) / 2], zoom };
}
