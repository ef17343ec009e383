// The port contracts of @sortie/core/testing on the real adapters, composed as the CLI composes them
// (createNodeContainer), against the real Sortie server started here (PGlite, the French demo data set).
// The adapters' own contract runs use a local stand-in of the API: @sortie/adapters may not depend on the server.
import { join } from 'node:path';
import * as vitest from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import type { Container } from 'inversify';
import { AuthPort, LinkResolverPort, ProductApiPort } from '@sortie/core';
import { authContract, linkResolverContract, productApiContract } from '@sortie/core/testing';
import { createNodeContainer } from '@sortie/adapters/node';
import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_SHORT_CODES } from '@sortie/server';
import { DEMO_PASSWORD as PASSWORD, startDemoServer, type DemoServer } from './demo-server';

let server: DemoServer | undefined;
let temp: string;
let api: string;
let containers = 0;
/** A place with at least two events, found in the demo data. */
let busyPlace: string;

beforeAll(async () => {
  server = await startDemoServer('sortie-contracts-');
  ({ temp, api } = server);
  const events = await container().get(ProductApiPort).listEvents({ limit: 100 });
  const counts = new Map<string, number>();
  for (const event of events.items) if (event.placeId) counts.set(event.placeId, (counts.get(event.placeId) ?? 0) + 1);
  busyPlace = [...counts].find(([, count]) => count >= 2)![0];
}, 120_000);

afterAll(() => server?.close());

/** The CLI's composition with a session file of its own (a fresh, signed-out program). */
function container(): Container {
  return createNodeContainer({ apiUrl: api, configDir: join(temp, `config-${++containers}`), version: '0.0.0-contract', quiet: true });
}

linkResolverContract(vitest, 'HttpLinkResolverAdapter against the Sortie server', async () => {
  const port = container().get(LinkResolverPort);
  const { url } = await port.getDynaLink(DEMO_IDS.dynaLinks.poitiers);
  return { port, link: { _id: DEMO_IDS.dynaLinks.poitiers, shortCode: DEMO_SHORT_CODES.poitiers, url: url! } };
});

productApiContract(vitest, 'HttpProductApiAdapter against the Sortie server', async () => {
  const signedIn = container();
  const idToken = await signedIn.get(AuthPort).signInWithPassword({ email: DEMO_ACCOUNTS.visitor.email, password: PASSWORD });
  const port = signedIn.get(ProductApiPort);
  await port.loginWeb({ idToken });
  return { port, anonymous: container().get(ProductApiPort), placeId: busyPlace, notificationId: DEMO_IDS.notification, knownPlaceId: DEMO_IDS.places.confort };
});

authContract(vitest, 'LocalAuthAdapter against the Sortie server’s identity provider', () => ({
  port: container().get(AuthPort),
  account: { email: DEMO_ACCOUNTS.visitor.email, password: PASSWORD },
}));
