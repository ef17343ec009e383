import { Component, Suspense, type ReactNode } from 'react';
import { lazy } from '../../components/lazy-retry';
import { useShellConfig } from '../../services/container-context';
import { useInBrowser } from '../../components/useInBrowser';
import { useNearViewport } from '../../components/useNearViewport';
import type { MapViewProps } from './LeafletMap';

// Each map library in its own chunk, loaded only by a page that shows a map.
const LeafletMap = lazy(() => import('./LeafletMap'));
const GoogleMap = lazy(() => import('./GoogleMap'));

class MapFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p role="alert" className="rounded-lg bg-surface p-4 text-sm">La carte n’a pas pu être chargée. La liste reste disponible.</p> : this.props.children;
  }
}

/** OpenStreetMap through Leaflet by default; Google Maps (places library) when the config has a key. */
export function MapView(props: MapViewProps) {
  const { mapsApiKey } = useShellConfig();
  const [place, near] = useNearViewport<HTMLDivElement>();
  const inBrowser = useInBrowser();
  const loading = (
    <div ref={place} role="status" className={`${props.className ?? 'h-64 w-full rounded-2xl'} animate-pulse bg-surface`}>
      <span className="sr-only">Chargement de la carte…</span>
    </div>
  );
  // A map needs a browser (the server draws its place), and is drawn when it comes near the
  // screen: Leaflet and its tiles are for those who scroll to it.
  if (!inBrowser || !near) return loading;
  return (
    <MapFailure>
      <Suspense fallback={loading}>{mapsApiKey ? <GoogleMap {...props} apiKey={mapsApiKey} /> : <LeafletMap {...props} />}</Suspense>
    </MapFailure>
  );
}
