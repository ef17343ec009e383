import { useEffect, useRef, useState } from 'react';
import type { MapViewProps } from './LeafletMap';
import { viewOf } from './markers';

// The few parts of the Google Maps JavaScript API used here (no @types/google.maps needed).
interface GoogleMaps {
  Map: new (element: HTMLElement, options: { center: { lat: number; lng: number }; zoom: number }) => { setCenter(p: unknown): void; setZoom(z: number): void };
  Marker: new (options: { position: { lat: number; lng: number }; map: unknown; title: string }) => { addListener(event: string, fn: () => void): void; setMap(map: null): void };
  InfoWindow: new (options: { content: string }) => { open(options: { map: unknown; anchor: unknown }): void };
}
type WindowWithGoogle = typeof globalThis & { google?: { maps: GoogleMaps } };

let loading: Promise<GoogleMaps> | null = null;

/** Loads the Google Maps script with the places library, once, only when a key is configured. */
export function loadGoogleMaps(apiKey: string): Promise<GoogleMaps> {
  const existing = (globalThis as WindowWithGoogle).google?.maps;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<GoogleMaps>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places&loading=async&callback=__sortieMapsReady`;
    script.async = true;
    (globalThis as Record<string, unknown>)['__sortieMapsReady'] = () => {
      const maps = (globalThis as WindowWithGoogle).google?.maps;
      if (maps) resolve(maps);
      else reject(new Error('Google Maps did not load.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Google Maps could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Google Maps, when the runtime config carries mapsApiKey. */
export default function GoogleMap({ markers, label, className, apiKey }: MapViewProps & { apiKey: string }) {
  const element = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const pins: Array<{ setMap(map: null): void }> = [];
    loadGoogleMaps(apiKey).then(
      (maps) => {
        if (cancelled || !element.current) return;
        const { center, zoom } = viewOf(markers);
        const map = new maps.Map(element.current, { center: { lat: center[0], lng: center[1] }, zoom });
        for (const marker of markers) {
          const pin = new maps.Marker({ position: { lat: marker.lat, lng: marker.lng }, map, title: marker.title });
          const info = new maps.InfoWindow({ content: `<a href="${escapeHtml(marker.href)}"><strong>${escapeHtml(marker.title)}</strong></a><br>${escapeHtml(marker.subtitle)}` });
          pin.addListener('click', () => info.open({ map, anchor: pin }));
          pins.push(pin);
        }
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      pins.forEach((pin) => pin.setMap(null));
    };
  }, [apiKey, markers]);

  if (failed) return <p role="alert" className="rounded-lg bg-surface p-4 text-sm">La carte n’a pas pu être chargée. La liste reste disponible.</p>;
  return <div ref={element} role="region" aria-label={label} className={className ?? 'h-64 w-full rounded-2xl'} />;
}
