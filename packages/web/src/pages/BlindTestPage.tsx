import { useSearch } from 'wouter';
import { usePageTitle } from '../components/usePageTitle';
import { HostPanel } from '../features/blind-tests/HostPanel';
import { PlayerScreen } from '../features/blind-tests/PlayerScreen';
import { VenueScreen } from '../features/blind-tests/VenueScreen';
import type { PageProps } from './types';

/**
 * /blindTests/{id}: one route, three views (the route table is fixed). `?ecran` is the venue's
 * TV (anyone may open it: it shows only the screen's view), `?animateur` the host's desk
 * (staff), and otherwise a player's phone, `?code=123456` filled in from the QR code.
 */
export default function BlindTestPage({ params }: PageProps) {
  const id = params['id']!;
  const query = new URLSearchParams(useSearch());
  const view = query.has('ecran') ? 'screen' : query.has('animateur') ? 'host' : 'player';
  usePageTitle(view === 'screen' ? 'Blind test — écran' : view === 'host' ? 'Blind test — animation' : 'Blind test');
  if (view === 'screen') return <VenueScreen id={id} />;
  if (view === 'host') return <HostPanel id={id} />;
  return <PlayerScreen id={id} initialCode={(query.get('code') ?? '').replace(/\D/g, '').slice(0, 6)} />;
}
