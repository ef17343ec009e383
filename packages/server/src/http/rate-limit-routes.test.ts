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

  it('tells its limit in the IETF draft’s RateLimit headers, and answers the 429 in French with Retry-After', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email: 'personne@exemple.fr', password: 'mauvais-mot-de-passe' }, remoteAddress });
    const first = await from('203.0.113.10');
    expect([first.headers['ratelimit-limit'], first.headers['ratelimit-remaining'], first.headers['ratelimit-policy']]).toEqual(['3', '2', '3;w=60']);
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(first.headers['x-ratelimit-limit']).toBeUndefined();
    expect((await from('203.0.113.10')).headers['ratelimit-remaining']).toBe('1');
    expect((await from('203.0.113.10')).headers['ratelimit-remaining']).toBe('0');
    const over = await from('203.0.113.10');
    expect(over.statusCode).toBe(429);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: `Trop de tentatives : réessayez dans ${over.headers['retry-after']} s.` });
  });
});
