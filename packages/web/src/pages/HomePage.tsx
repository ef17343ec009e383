import { useEffect } from 'react';
import { Link } from 'wouter';
import { useCities, usePreferredCity } from '../app/preferences';
import { PlaceholderPage } from '../components/PlaceholderPage';
import type { PageProps } from './types';

/** /home/{city...}: a city's agenda. */
export default function HomePage({ params }: PageProps) {
  const city = params['city'] || '';
  const cities = useCities();
  const [preferred, setCity] = usePreferredCity();
  const known = cities.includes(city);

  // Opening a city's agenda makes it the visitor's city.
  useEffect(() => {
    if (known && city !== preferred) setCity(city);
  }, [known, city, preferred, setCity]);

  return (
    <PlaceholderPage title={`Que faire à ${city} ?`} description="Les prochains événements, lieux et animations de la ville.">
      {!known && cities.length > 0 && (
        <p className="mt-4 text-muted">
          Sortie n’est pas encore présent à {city}. Essayez{' '}
          {cities.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <Link href={`/home/${encodeURIComponent(name)}`} className="text-accent hover:underline">
                {name}
              </Link>
            </span>
          ))}
          .
        </p>
      )}
    </PlaceholderPage>
  );
}
