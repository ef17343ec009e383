// ProductApiPort's contract (@sortie/core/testing) on the HTTP adapter, over a local server shaped like the product API.
import * as vitest from 'vitest';
import { FakeTokenStore, productApiContract } from '@sortie/core/testing';
import { startProductApiServer } from '../test-support/product-api-server';
import { FetchApiClient } from './api-client';
import { HttpProductApiAdapter } from './http-product-api.adapter';
import { TokenStoreCookieJar } from './cookie-jar';

const PLACE = '65a0000000000000000000a1';
const ELSEWHERE = '65a0000000000000000000a2';
const NOTIFICATION = '65a0000000000000000000c1';

productApiContract(vitest, 'HttpProductApiAdapter over a local product API', async () => {
  const server = await startProductApiServer({
    resources: {
      events: [
        { _id: '65a0000000000000000000e1', title: 'Concert', placeId: PLACE },
        { _id: '65a0000000000000000000e2', title: 'Ailleurs', placeId: ELSEWHERE },
        { _id: '65a0000000000000000000e3', title: 'Théâtre', placeId: PLACE },
      ],
      places: [{ _id: PLACE, name: 'Le Confort Moderne' }],
      notifications: [{ _id: NOTIFICATION, title: 'Bienvenue sur Sortie !', body: 'Bonne visite.' }],
    },
    accounts: new Map(),
  });
  // A program without a browser keeps the session cookie in a jar (as the CLI does).
  const port = new HttpProductApiAdapter(new FetchApiClient({ baseUrl: server.url, cookieJar: new TokenStoreCookieJar(new FakeTokenStore()) }));
  await port.loginWeb({ idToken: 'local-id-token' });
  return { port, anonymous: new HttpProductApiAdapter(new FetchApiClient({ baseUrl: server.url })), placeId: PLACE, notificationId: NOTIFICATION, knownPlaceId: PLACE, teardown: () => server.close() };
});
