// AuthPort's contract (@sortie/core/testing) on the local identity adapter, over a local server shaped like the
// embedded identity provider (POST /api/identity/signIn and /signUp, the server's refusals).
import * as vitest from 'vitest';
import { authContract } from '@sortie/core/testing';
import { startProductApiServer } from '../test-support/product-api-server';
import { FetchApiClient } from '../http/api-client';
import { LocalAuthAdapter } from './local-auth.adapter';

authContract(vitest, 'LocalAuthAdapter over a local identity provider', async () => {
  const account = { email: 'lea@example.fr', password: 'sortie-demo' };
  const server = await startProductApiServer({ resources: {}, accounts: new Map([[account.email, account.password]]) });
  return { port: new LocalAuthAdapter(new FetchApiClient({ baseUrl: server.url })), account, teardown: () => server.close() };
});
