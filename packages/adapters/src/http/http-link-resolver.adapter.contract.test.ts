// LinkResolverPort's contract (@sortie/core/testing) on the HTTP adapter, over a local server shaped like the product API.
import * as vitest from 'vitest';
import { linkResolverContract } from '@sortie/core/testing';
import { startProductApiServer } from '../test-support/product-api-server';
import { FetchApiClient } from './api-client';
import { HttpLinkResolverAdapter } from './http-link-resolver.adapter';

linkResolverContract(vitest, 'HttpLinkResolverAdapter over a local product API', async () => {
  const link = { _id: '65a000000000000000000001', shortCode: 'fete-musique', url: 'https://example.org/billets' };
  const server = await startProductApiServer({
    resources: { dynaLinks: [{ ...link, visitCount: 3, createdAt: '2026-06-01T08:00:00.000Z', updatedAt: '2026-06-01T08:00:00.000Z' }] },
    accounts: new Map(),
  });
  return { port: new HttpLinkResolverAdapter(new FetchApiClient({ baseUrl: server.url })), link, teardown: () => server.close() };
});
