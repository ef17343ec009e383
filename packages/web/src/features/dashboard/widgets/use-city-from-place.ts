import { useRef } from 'react';
import type { Place } from '@sortie/core';
import { useRecordWrites } from '../../../data/records';

type Value = Record<string, unknown>;

/**
 * A form with a place and a city (an event, a job offer): choosing the place fills the city with
 * the place's, when the city is empty or still the previous place's (a city typed by hand stays).
 * Returns the form's onChange, wrapped.
 */
export function useCityFromPlace(hasPlaceAndCity: boolean, value: Value, onChange: (value: Value) => void): (value: Value) => void {
  const records = useRecordWrites();
  const latest = useRef(value);
  latest.current = value;
  // The city of the place last chosen: still « the previous place's » after the picker was cleared.
  const placeCity = useRef('');
  if (!hasPlaceAndCity) return onChange;
  return (next) => {
    onChange(next);
    const placeId = next['placeId'];
    const previousId = value['placeId'];
    if (typeof placeId !== 'string' || !placeId || placeId === previousId) return;
    const cityOf = (id: unknown) => (typeof id === 'string' && id ? records.read<Place>('places', id).then((p) => p.address?.city ?? '', () => '') : Promise.resolve(''));
    void Promise.all([cityOf(placeId), cityOf(previousId)]).then(([city, previousCity]) => {
      const now = latest.current;
      const current = typeof now['city'] === 'string' ? now['city'].trim() : '';
      const followsPlace = !current || current === previousCity || current === placeCity.current;
      if (!city || now['placeId'] !== placeId) return;
      placeCity.current = city;
      if (followsPlace && current !== city) onChange({ ...now, city });
    });
  };
}
