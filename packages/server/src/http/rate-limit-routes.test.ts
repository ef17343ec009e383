import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app';

describe('each limited route keeps its own count', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ config: { signInRateLimit: 3 } });
  });
  afterAll(() => t.close());
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.9' });

  it('refuses a fourth wrong password from an address, while a reset request from it still goes through', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/api/identity/signIn', { email: 'personne@exemple.fr', password: 'mauvais-mot-de-passe' })).statusCode).toBe(401);
    expect((await post('/api/identity/signIn', { email: 'personne@exemple.fr', password: 'mauvais-mot-de-passe' })).statusCode).toBe(429);
    expect((await post('/api/identity/passwordReset', { email: 'personne@exemple.fr' })).statusCode).toBe(202);
  });
});
