import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app';

describe('an address that cannot be decoded', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('answers 400 in French, shaped like every other error, for a page as for the API', async () => {
    for (const url of ['/%c0%ae%c0%ae/etc/passwd', '/api/events/%E0%A4%A']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, code: 'BAD_URL', message: 'Adresse invalide : elle contient un caractère mal encodé.' });
      expect(answer.headers['x-request-id']).toBeTruthy();
    }
  });
});
