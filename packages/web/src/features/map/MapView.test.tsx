import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContainer } from '@sortie/core/testing';
import { ContainerProvider, readyServices } from '../../services/container-context';
import { shellConfigOf } from '../../services/runtime-config';
import { MapView } from './MapView';

const markers = [{ id: 'a', kind: 'place' as const, title: 'Confort Moderne', subtitle: 'Poitiers', href: '/places/a', lat: 46.58, lng: 0.35 }];

async function show(mapsApiKey: string | null) {
  const { container, fakes } = createTestContainer({ config: { mapsApiKey } });
  await act(async () => {
    render(
      <ContainerProvider services={readyServices({ container, config: fakes.config })} shell={shellConfigOf(fakes.config)}>
        <MapView markers={markers} label="Carte" cluster={false} />
      </ContainerProvider>,
    );
  });
}

const googleScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src.includes('maps.googleapis.com'));

/** The browser's viewport watcher, which happy-dom never fires: `visible` says whether the map's place is on screen. */
let visible = true;
const watched: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
class FakeIntersectionObserver {
  constructor(private readonly report: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    watched.push(this.report);
    this.report([{ isIntersecting: visible }]);
  }
  disconnect() {}
}

beforeEach(() => {
  visible = true;
  watched.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  googleScripts().forEach((s) => s.remove());
});

describe('the map view', () => {
  it('draws OpenStreetMap through Leaflet without a key, and never loads Google’s script', async () => {
    await show(null);
    const region = await screen.findByRole('region', { name: 'Carte' });
    await act(async () => undefined);
    expect(region.classList.contains('leaflet-container')).toBe(true);
    expect(region.querySelector('.leaflet-control-attribution')?.textContent).toContain('OpenStreetMap');
    expect(region.querySelector('[title="Confort Moderne"]')).toBeTruthy();
    expect(googleScripts()).toEqual([]);
  });

  it('loads Google Maps with the places library when the config carries a key', async () => {
    await show('clé-de-test');
    // The map's region is there only until happy-dom refuses the script (below): on a loaded
    // machine that may come first, so the test waits for the script itself.
    await vi.waitFor(() => expect(googleScripts()).toHaveLength(1));
    const [script] = googleScripts();
    expect(script?.src).toContain('key=cl%C3%A9-de-test');
    expect(script?.src).toContain('libraries=places');
    // happy-dom refuses to run it, as a blocked network would: the visitor keeps the list.
    expect((await screen.findByRole('alert')).textContent).toBe('La carte n’a pas pu être chargée. La liste reste disponible.');
  });

  it('waits until its place nears the screen before loading a map', async () => {
    visible = false;
    await show(null);
    expect(screen.getByRole('status').textContent).toBe('Chargement de la carte…');
    expect(screen.queryByRole('region', { name: 'Carte' })).toBeNull();
    await act(async () => watched.forEach((report) => report([{ isIntersecting: true }])));
    expect((await screen.findByRole('region', { name: 'Carte' })).classList.contains('leaflet-container')).toBe(true);
  });
});
