import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, AuthError, ValidationError } from '@sortie/core';
import { startTestServer, type Reply, type TestServer } from '../test-support/http-server';
import { FetchApiClient } from '../http/api-client';
import { LocalAuthAdapter } from './local-auth.adapter';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: (req: { url: string; body: unknown }) => Reply) {
  server = await startTestServer(handler);
  return { adapter: new LocalAuthAdapter(new FetchApiClient({ baseUrl: server.url })), requests: server.requests };
}

// Bodies as the embedded identity provider answers them (packages/server, routes/auth.routes.ts).
const refusal = (statusCode: number, code: string, message: string) => ({ status: statusCode, body: { statusCode, error: 'Error', code, message } });

describe('LocalAuthAdapter', () => {
  it('signs in with POST /api/identity/signIn and resolves the idToken', async () => {
    const { adapter, requests } = await setup(() => ({ body: { idToken: 'local-id-token' } }));
    await expect(adapter.signInWithPassword({ email: 'lea@example.fr', password: 'motdepasse' })).resolves.toBe('local-id-token');
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/identity/signIn', body: { email: 'lea@example.fr', password: 'motdepasse' } });
  });

  it('creates an account with POST /api/identity/signUp {email, password, displayName}', async () => {
    const { adapter, requests } = await setup(() => ({ status: 201, body: { idToken: 'new-id-token' } }));
    await expect(adapter.createAccount({ email: 'new@example.fr', password: 'motdepasse', displayName: 'Léa' })).resolves.toBe('new-id-token');
    expect(requests[0]).toMatchObject({ url: '/api/identity/signUp', body: { email: 'new@example.fr', password: 'motdepasse', displayName: 'Léa' } });
  });

  it('refuses Google and Apple in French, with the PROVIDER_DISABLED code, without calling the server', async () => {
    const { adapter, requests } = await setup(() => ({}));
    const google = await adapter.signInWithGoogle().catch((e: unknown) => e);
    expect(google).toBeInstanceOf(AuthError);
    expect(google).toMatchObject({ code: 'PROVIDER_DISABLED' });
    expect((google as Error).message).toMatch(/Google n’est pas activée/);
    await expect(adapter.signInWithApple()).rejects.toMatchObject({ code: 'PROVIDER_DISABLED', message: expect.stringMatching(/Apple/) });
    expect(requests).toEqual([]);
  });

  it('resolves setPersistence and signOut without a call', async () => {
    const { adapter, requests } = await setup(() => ({}));
    await expect(adapter.setPersistence('local')).resolves.toBeUndefined();
    await expect(adapter.signOut()).resolves.toBeUndefined();
    expect(requests).toEqual([]);
  });

  it('reports the same codes as the Firebase adapter for the same situations', async () => {
    const answers = [
      refusal(401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.'),
      refusal(409, 'EMAIL_TAKEN', 'Un compte existe déjà avec cette adresse e-mail.'),
      refusal(429, 'RATE_LIMITED', 'Trop de tentatives : réessayez dans une minute.'),
      refusal(429, 'ACCOUNT_LOCKED', 'Trop de mots de passe erronés pour ce compte : par sécurité, les connexions y sont suspendues. Réessayez dans 15 min, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».'),
    ];
    const { adapter } = await setup(() => answers.shift() ?? {});
    const credentials = { email: 'lea@example.fr', password: 'motdepasse' };
    await expect(adapter.signInWithPassword(credentials)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', statusCode: 401 });
    const taken = await adapter.createAccount(credentials).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(AuthError);
    expect(taken).toMatchObject({ code: 'EMAIL_ALREADY_IN_USE', message: 'Un compte existe déjà avec cette adresse e-mail.' });
    await expect(adapter.signInWithPassword(credentials)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Trop de tentatives : réessayez dans quelques minutes.' });
    // An account whose sign-ins are suspended: the server's own words, which say why and what to do.
    await expect(adapter.signInWithPassword(credentials)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^Trop de mots de passe erronés pour ce compte .*« Mot de passe oublié \? »\.$/) });
  });

  it('keeps a validation refusal’s issues and a network failure as they are', async () => {
    const { adapter } = await setup(() => ({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Requête invalide.', issues: [{ path: 'password', message: 'Le mot de passe doit faire au moins 8 caractères.' }] },
    }));
    const invalid = await adapter.createAccount({ email: 'a@b.fr', password: 'court' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).issues[0]?.path).toBe('password');
    await server?.close();
    server = undefined;
    await expect(adapter.signInWithPassword({ email: 'a@b.fr', password: 'motdepasse' })).rejects.toBeInstanceOf(ApiError);
  });
});
