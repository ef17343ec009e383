import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubscribeCalendarLink } from './SubscribeCalendarLink';

describe('SubscribeCalendarLink', () => {
  it('links a city’s feed as a webcal:// subscription on the site’s host', () => {
    render(<SubscribeCalendarLink feed={{ kind: 'city', city: 'La Rochelle' }} name="La Rochelle" />);
    const link = screen.getByRole('link', { name: /S’abonner à l’agenda de La Rochelle/ });
    expect(link.getAttribute('href')).toBe(`webcal://${window.location.host}/calendar/cities/La%20Rochelle.ics`);
  });

  it('links the feeds of a place, an organisation and an artist', () => {
    const id = 'b'.repeat(24);
    for (const kind of ['place', 'organization', 'artist'] as const) {
      const { unmount } = render(<SubscribeCalendarLink feed={{ kind, id }} name="X" />);
      expect(screen.getByRole('link').getAttribute('href')).toBe(`webcal://${window.location.host}/calendar/${kind === 'place' ? 'places' : kind === 'organization' ? 'organizations' : 'artists'}/${id}.ics`);
      unmount();
    }
  });

  it('renders on the server with the feed’s own path, an https download that needs no host', () => {
    const html = renderToString(<SubscribeCalendarLink feed={{ kind: 'city', city: 'Poitiers' }} name="Poitiers" />);
    expect(html).toContain('href="/calendar/cities/Poitiers.ics"');
  });
});
