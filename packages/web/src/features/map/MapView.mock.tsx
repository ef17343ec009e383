import type { MapViewProps } from './LeafletMap';

/**
 * The map for component tests: no tiles and no canvas in happy-dom, so the markers it
 * would draw are listed as data instead (`vi.mock('…/features/map/MapView', …)`).
 */
export function MapView({ markers, label, selectedId }: MapViewProps) {
  return (
    <div role="region" aria-label={label} data-selected={selectedId ?? ''}>
      <ul aria-label="Marqueurs">
        {markers.map((m) => (
          <li key={`${m.kind}:${m.id}`} data-kind={m.kind} data-lat={m.lat} data-lng={m.lng}>
            {m.title}
          </li>
        ))}
      </ul>
    </div>
  );
}
