// The contract suites on the fakes; the same suites run on the real adapters in @sortie/adapters.
import * as vitest from 'vitest';
import {
  audioAnalysisContract,
  authContract,
  clockContract,
  cookieContract,
  linkResolverContract,
  musicContract,
  pushContract,
  productApiContract,
  tokenStoreContract,
  tournamentSocketContract,
} from './contracts';
import { FakeLinkResolver } from './fake-link-resolver';
import { FakeProductApi } from './fake-product-api';
import { FakeTournamentSocket } from './fake-tournament-socket';
import { FakeTokenStore } from './fake-token-store';
import { FakeCookies } from './fake-cookies';
import { FakeClock } from './fake-clock';
import { FakeMusic } from './fake-music';
import { FakeAudioAnalysis } from './fake-audio-analysis';
import { FakeAuth } from './fake-auth';
import { FakePush } from './fake-push';
import { aUser, anId } from './builders';

linkResolverContract(vitest, 'FakeLinkResolver', () => {
  const link = { _id: anId(1), shortCode: 'fete-musique', url: 'https://example.org/billets' };
  return { port: new FakeLinkResolver().knowLink({ ...link }), link };
});

productApiContract(vitest, 'FakeProductApi', () => {
  const placeId = anId(10);
  const port = new FakeProductApi()
    .seed('events', { _id: anId(1), placeId, name: 'Concert' }, { _id: anId(2), placeId: anId(11), name: 'Ailleurs' }, { _id: anId(3), placeId, name: 'Théâtre' })
    .seed('notifications', { _id: anId(20), title: 'Concert ce soir' })
    .seed('places', { _id: placeId, name: 'Le Confort Moderne' });
  return { port: port.signedInAs(aUser()), anonymous: new FakeProductApi(), placeId, notificationId: anId(20), knownPlaceId: placeId };
});

tournamentSocketContract(vitest, 'FakeTournamentSocket', () => {
  const port = new FakeTournamentSocket();
  return {
    port,
    server: {
      replyWith: (reply) => void port.replyWith(reply),
      push: (event, ...args) => port.serverEmit(event, ...args),
      received: async (event) => port.emitted.filter((message) => message.event === event).map((message) => message.payload),
    },
  };
});

tokenStoreContract(vitest, 'FakeTokenStore', () => ({ store: new FakeTokenStore() }));

cookieContract(vitest, 'FakeCookies', () => ({ cookies: new FakeCookies() }));

clockContract(vitest, 'FakeClock', () => {
  const clock = new FakeClock();
  return { clock, pass: async (ms) => clock.advance(ms) };
});

musicContract(vitest, 'FakeMusic', () => ({ port: new FakeMusic().acceptOnly('access-valid'), validToken: 'access-valid', expiredToken: 'access-expired' }));

audioAnalysisContract(vitest, 'FakeAudioAnalysis', () => {
  const recordings = [
    { id: 'b1a9c0e9-d987-4042-ae91-78d6a3267d69', title: 'Bohemian Rhapsody', score: 100 },
    { id: 'ebd6ea9d-2d0c-4c1c-9b1e-0b4ea8b8f9c2', title: 'Bohemian Rhapsody (live)', score: 87 },
  ];
  const analysis = { highlevel: { danceability: { value: 'not_danceable', probability: 0.9 } }, metadata: { tags: {} } };
  const query = 'Bohemian Rhapsody AND artist:Queen';
  const port = new FakeAudioAnalysis().knowSearch(query, ...recordings).knowAnalysis(recordings[0]!.id, analysis);
  return { port, query, recordings, analysis };
});

authContract(vitest, 'FakeAuth', () => {
  const account = { email: 'lea@example.fr', password: 'sortie-demo' };
  return { port: new FakeAuth().knowAccount(account), account };
});

pushContract(vitest, 'FakePush', () => {
  const port = new FakePush();
  return { port, server: { listening: async () => undefined, send: (message) => port.deliver(message as { data: { id: string } }) } };
});
