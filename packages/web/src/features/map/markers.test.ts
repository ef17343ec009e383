import { describe, expect, it } from 'vitest';
import { anId } from '@sortie/core/testing';
import { markersOf, viewOf } from './markers';

const confort = { _id: anId(1), name: 'Confort Moderne', address: { street: '185 rue du Faubourg du Pont-Neuf', postalCode: '86000', city: 'Poitiers' }, location: { lat: 46.57, lng: 0.36 } };
const nowhere = { _id: anId(2), name: 'Lieu sans adresse GPS', address: { street: '', postalCode: '86000', city: 'Poitiers' } };

describe('the map’s markers', () => {
  it('places each located place and each event held at one', () => {
    const markers = markersOf(
      [confort, nowhere],
      [
        { _id: anId(10), title: 'Concert', placeId: anId(1), startsAt: '2026-03-14T19:30:00.000Z' },
        { _id: anId(11), title: 'Ailleurs', placeId: anId(2), startsAt: '2026-03-14T19:30:00.000Z' },
        { _id: anId(12), title: 'Sans lieu', startsAt: '2026-03-14T19:30:00.000Z' },
      ],
      () => 'samedi',
    );
    expect(markers).toEqual([
      { id: anId(1), kind: 'place', title: 'Confort Moderne', subtitle: '185 rue du Faubourg du Pont-Neuf, Poitiers', href: `/places/${anId(1)}`, lat: 46.57, lng: 0.36 },
      { id: anId(10), kind: 'event', title: 'Concert', subtitle: 'samedi · Confort Moderne', href: `/events/${anId(10)}`, lat: 46.57, lng: 0.36 },
    ]);
  });

  it('frames the markers, or France when there is none', () => {
    expect(viewOf([])).toEqual({ center: [46.6, 2.4], zoom: 5 });
    expect(viewOf([{ lat: 46.5, lng: 0.3 }, { lat: 46.6, lng: 0.4 }])).toEqual({ center: [46.55, 0.35], zoom: 12 });
    expect(viewOf([{ lat: 46.5, lng: 0.3 }]).zoom).toBe(15);
  });
});
