import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOBILE_REDIRECT_COOKIE } from '@sortie/core';
import { FakeLinkResolver, FakeProductApi, USER_AGENTS, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('SPEC.md §2 special behaviours', () => {
  describe('/home', () => {
    it('redirects to /home/Poitiers, replacing the history entry', async () => {
      const { navigator, memory } = await renderApp({ path: '/home' });
      expect(await heading('Que faire à Poitiers ?')).toBeTruthy();
      expect(navigator.location).toBe('/home/Poitiers');
      expect(memory.history).toEqual(['/home/Poitiers']);
    });

    it('keeps the query parameters through the redirect', async () => {
      const { navigator } = await renderApp({ path: '/home?utm_source=affiche' });
      expect(await heading('Que faire à Poitiers ?')).toBeTruthy();
      expect(navigator.location).toBe('/home/Poitiers?utm_source=affiche');
    });
  });

  describe('/nextEvent?place=', () => {
    it('goes to the first upcoming event of the place', async () => {
      const placeId = anId(11);
      const event = anEvent({ _id: anId(12), placeId });
      const api = new FakeProductApi().seed('events', event);
      const { fakes, navigator } = await renderApp({ path: `/nextEvent?place=${placeId}`, api });
      expect(await heading(event.title)).toBeTruthy();
      expect(navigator.location).toBe(`/events/${event._id}`);
      // The first call is /nextEvent's; the event page then asks for related events.
      expect(fakes.api.callsTo('listEvents')[0]).toEqual([{ placeId, limit: 1 }]);
    });

    it('goes to the place when it has no upcoming event', async () => {
      const placeId = anId(13);
      const { navigator } = await renderApp({ path: `/nextEvent?place=${placeId}` });
      expect(await heading('Lieu')).toBeTruthy();
      expect(navigator.location).toBe(`/places/${placeId}`);
    });

    it('goes to /home (then /home/Poitiers) when the lookup fails, logging it', async () => {
      const { fakes, navigator } = await renderApp({ path: `/nextEvent?place=${anId(14)}`, api: new FakeProductApi().fail('listEvents') });
      expect(await heading('Que faire à Poitiers ?')).toBeTruthy();
      expect(navigator.location).toBe('/home/Poitiers');
      await waitFor(() => expect(fakes.logger.messages('error')).toEqual(['Next event lookup failed']));
    });
  });

  describe('/r/{shortCode}', () => {
    it('resolves the short link and leaves for its external url', async () => {
      const links = new FakeLinkResolver().knowLink({ _id: anId(20), shortCode: 'fete', url: 'https://billetterie.example.fr/fete' });
      const { fakes, navigator } = await renderApp({ path: '/r/fete', links });
      await waitFor(() => expect(navigator.redirects).toEqual(['https://billetterie.example.fr/fete']));
      expect(fakes.links.visits.map((visit) => visit.shortCode)).toEqual(['fete']);
    });

    it('goes to /home when the short link is unknown, logging it', async () => {
      const { fakes, navigator } = await renderApp({ path: '/r/inconnu' });
      expect(await heading('Que faire à Poitiers ?')).toBeTruthy();
      expect(navigator.location).toBe('/home/Poitiers');
      expect(navigator.redirects).toEqual([]);
      await waitFor(() => expect(fakes.logger.messages('error')).toEqual(['Short link could not be resolved']));
      expect(fakes.logger.entries.error[0]?.context).toEqual([{ shortCode: 'inconnu', error: expect.any(Error) }]);
    });

    it('goes to /home from /r without a code', async () => {
      const { navigator } = await renderApp({ path: '/r' });
      expect(await heading('Que faire à Poitiers ?')).toBeTruthy();
      expect(navigator.redirects).toEqual([]);
    });
  });

  describe('?dyna=', () => {
    it('resolves the dynamic link on any page and leaves for its url', async () => {
      const linkId = anId(30);
      const links = new FakeLinkResolver().knowLink({ _id: linkId, shortCode: 'promo', url: 'https://partenaire.example.fr/promo' });
      const { fakes, navigator } = await renderApp({ path: `/places?dyna=${linkId}`, links });
      await waitFor(() => expect(navigator.redirects).toEqual(['https://partenaire.example.fr/promo']));
      expect(fakes.links.visits.map((visit) => visit.id)).toEqual([linkId]);
    });

    it('stays on the page when the link fails, logging it', async () => {
      const { fakes, navigator } = await renderApp({ path: `/places?dyna=${anId(31)}` });
      expect(await heading('Lieux')).toBeTruthy();
      await waitFor(() => expect(fakes.logger.messages('error')).toEqual(['Dynamic link could not be resolved']));
      expect(navigator.redirects).toEqual([]);
      expect(navigator.location).toBe(`/places?dyna=${anId(31)}`);
    });
  });

  describe('?nshid=', () => {
    it('records the share view and removes nshid, replacing the entry and keeping the rest', async () => {
      const shareId = anId(40);
      const { fakes, navigator, memory } = await renderApp({ path: `/places?sort=name&nshid=${shareId}&q=bar` });
      await waitFor(() => expect(navigator.location).toBe('/places?sort=name&q=bar'));
      await waitFor(() => expect(fakes.api.shareViews.map((view) => view.id)).toEqual([shareId]));
      expect(memory.history).toEqual(['/places?sort=name&q=bar']);
      expect(await heading('Lieux')).toBeTruthy();
    });

    it('only logs a failed share view, the address cleaned all the same', async () => {
      const shareId = anId(42);
      const { fakes, navigator } = await renderApp({ path: `/places?nshid=${shareId}`, api: new FakeProductApi().fail('addShareView') });
      await waitFor(() => expect(navigator.location).toBe('/places'));
      await waitFor(() => expect(fakes.logger.messages('error')).toEqual(['Share view could not be recorded']));
      expect(fakes.logger.entries.error[0]?.context).toEqual([{ shareId, error: expect.any(Error) }]);
      expect(await heading('Lieux')).toBeTruthy();
    });

    it('does so after each navigation, not only at start', async () => {
      const { fakes, navigator } = await renderApp({ path: '/places' });
      expect(await heading('Lieux')).toBeTruthy();
      expect(fakes.api.shareViews).toEqual([]);
      act(() => navigator.memory.navigate(`/blog?nshid=${anId(41)}`));
      await waitFor(() => expect(navigator.location).toBe('/blog'));
      await waitFor(() => expect(fakes.api.shareViews.map((view) => view.id)).toEqual([anId(41)]));
      expect(navigator.memory.history).toEqual(['/places', '/blog']);
    });
  });

  describe('mobile store redirect', () => {
    it('sends an Android visitor to the store page once, marking the attempt for a day', async () => {
      const { fakes, navigator } = await renderApp({ path: '/places', userAgent: USER_AGENTS.android });
      await waitFor(() => expect(navigator.redirects).toEqual([fakes.config.storePages.android]));
      expect(fakes.cookies.written).toEqual([{ name: MOBILE_REDIRECT_COOKIE, value: '1', maxAgeSeconds: 86_400 }]);
      act(() => navigator.memory.navigate('/account'));
      expect(await heading('Mon compte')).toBeTruthy();
      expect(navigator.redirects).toHaveLength(1);
    });

    it('skips the excluded paths, then redirects on the next navigation', async () => {
      const { fakes, navigator } = await renderApp({ path: '/unauthorized', userAgent: USER_AGENTS.iphone });
      expect(await heading('Accès refusé')).toBeTruthy();
      expect(navigator.redirects).toEqual([]);
      act(() => navigator.memory.navigate('/places'));
      await waitFor(() => expect(navigator.redirects).toEqual([fakes.config.storePages.ios]));
    });

    it('leaves desktop visitors alone', async () => {
      const { navigator } = await renderApp({ path: '/places', userAgent: USER_AGENTS.desktop });
      expect(await heading('Lieux')).toBeTruthy();
      expect(navigator.redirects).toEqual([]);
    });
  });
});
