import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { viewOf, type MapMarker } from './markers';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A CSS dot rather than Leaflet's PNG pins, whose image paths bundlers lose.
const icon = (kind: MapMarker['kind'], selected: boolean) =>
  L.divIcon({
    className: '',
    html: `<span style="display:block;width:18px;height:18px;border-radius:9999px;border:2px solid #fff;box-shadow:0 1px 4px rgb(0 0 0 / .5);background:${kind === 'place' ? '#7c5cff' : '#ff5a5f'};${selected ? 'transform:scale(1.4)' : ''}"></span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });

export interface MapViewProps {
  markers: readonly MapMarker[];
  /** A marker chosen in the list: the map opens its popup. */
  selectedId?: string | null;
  cluster?: boolean;
  label: string;
  className?: string;
}

/** Leaflet over OpenStreetMap's tiles; markers in clusters (leaflet.markercluster). Loaded only by the pages that show a map. */
export default function LeafletMap({ markers, selectedId, cluster = true, label, className }: MapViewProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef(new Map<string, L.Marker>());
  const groupRef = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const { center, zoom } = viewOf(markers);
    const instance = L.map(element.current, { scrollWheelZoom: false }).setView(center, zoom);
    L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 19,
      // A phone's screen has two or three pixels per point: tiles of the next zoom, drawn at half size, stay sharp.
      detectRetina: true,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(instance);
    map.current = instance;
    let group: L.LayerGroup = L.layerGroup();
    let cancelled = false;
    const draw = () => {
      for (const marker of markers) {
        const pin = L.marker([marker.lat, marker.lng], { icon: icon(marker.kind, false), title: marker.title, alt: marker.title }).bindPopup(
          `<a href="${escapeHtml(marker.href)}"><strong>${escapeHtml(marker.title)}</strong></a><br>${escapeHtml(marker.subtitle)}`,
        );
        layers.current.set(marker.id, pin);
        group.addLayer(pin);
      }
      group.addTo(instance);
      groupRef.current = group;
    };
    if (cluster) {
      // The plugin extends the global L.
      (globalThis as { L?: typeof L }).L = L;
      void import('leaflet.markercluster').then(() => {
        if (cancelled) return;
        group = L.markerClusterGroup({ showCoverageOnHover: false });
        draw();
      });
    } else draw();
    return () => {
      cancelled = true;
      layers.current.clear();
      groupRef.current = null;
      instance.remove();
      map.current = null;
    };
  }, [markers, cluster]);

  useEffect(() => {
    const pin = selectedId ? layers.current.get(selectedId) : undefined;
    if (!pin || !map.current) return;
    const group = groupRef.current;
    // A pin inside a cluster is hidden until the cluster opens.
    if (group && 'zoomToShowLayer' in group) (group as L.MarkerClusterGroup).zoomToShowLayer(pin, () => pin.openPopup());
    else {
      map.current.setView(pin.getLatLng(), Math.max(map.current.getZoom(), 15));
      pin.openPopup();
    }
  }, [selectedId]);

  return <div ref={element} role="region" aria-label={label} className={className ?? 'h-64 w-full rounded-2xl'} />;
}
