import { describe, expect, it } from 'vitest';
import { ValidationError } from '../domain/errors';
import { aUser, createTestContainer } from '../testing';
import { SessionService } from './session.use-case';
import { SignIn } from './sign-in.use-case';

function setup() {
  const { container, fakes } = createTestContainer();
  fakes.auth.willSignInWith('google-id-token');
  fakes.push.willGiveToken('fcm-token');
  return { signIn: container.get(SignIn), session: container.get(SessionService), ...fakes };
}

const credentials = { email: 'Camille@Example.fr', password: 'motdepasse' };

describe('SignIn', () => {
  it('Google: sets persistence first, then sends the idToken with the push token, then reloads the session', async () => {
    const { signIn, session, auth, api } = setup();
    const camille = aUser();
    api.userAfterLogin = camille;

    await expect(signIn.google()).resolves.toEqual({ kind: 'signed-in' });

    expect(auth.sequence).toEqual(['setPersistence', 'signInWithGoogle']);
    expect(auth.callsTo('setPersistence')).toEqual([['local']]);
    expect(api.callsTo('loginWeb')).toEqual([[{ idToken: 'google-id-token', messagingToken: 'fcm-token' }]]);
    expect(api.calls.map((c) => c.method)).toEqual(['loginWeb', 'me']);
    expect(session.state).toEqual({ status: 'authenticated', user: camille });
  });

  it('Google: sign-in goes on with a null token after a push-token failure, and returns that failure', async () => {
    const { signIn, session, push, api, logger } = setup();
    const failure = new Error('messaging/permission-blocked');
    push.fail('getToken', failure);

    await expect(signIn.google()).resolves.toEqual({ kind: 'signed-in-without-push', cause: failure });

    expect(api.callsTo('loginWeb')).toEqual([[{ idToken: 'google-id-token', messagingToken: null }]]);
    expect(logger.entries.error).toEqual([]);
    expect(session.state.status).toBe('authenticated');
  });

  it('Google: push unsupported sends a null token', async () => {
    const { signIn, push, api } = setup();
    push.willGiveToken(null);
    await signIn.google();
    expect(api.lastCallTo('loginWeb')).toEqual([{ idToken: 'google-id-token', messagingToken: null }]);
  });

  it('Apple: sets persistence first and sends a null push token', async () => {
    const { signIn, auth, push, api, session } = setup();
    await signIn.apple();
    expect(auth.sequence).toEqual(['setPersistence', 'signInWithApple']);
    expect(api.callsTo('loginWeb')).toEqual([[{ idToken: 'google-id-token', messagingToken: null }]]);
    expect(push.calls).toEqual([]);
    expect(session.state.status).toBe('authenticated');
  });

  it('e-mail: sets persistence first, signs in with the parsed credentials and sends a null push token', async () => {
    const { signIn, auth, api, session } = setup();
    await signIn.email(credentials);
    expect(auth.sequence).toEqual(['setPersistence', 'signInWithPassword']);
    expect(auth.callsTo('signInWithPassword')).toEqual([[{ email: 'camille@example.fr', password: 'motdepasse' }]]);
    expect(api.callsTo('loginWeb')).toEqual([[{ idToken: 'google-id-token', messagingToken: null }]]);
    expect(session.state.status).toBe('authenticated');
  });

  it('account creation: sets persistence first and sends {idToken} only', async () => {
    const { signIn, auth, api, session } = setup();
    await signIn.createAccount({ ...credentials, displayName: 'Camille' });
    expect(auth.sequence).toEqual(['setPersistence', 'createAccount']);
    expect(auth.callsTo('createAccount')).toEqual([[{ email: 'camille@example.fr', password: 'motdepasse', displayName: 'Camille' }]]);
    expect(api.callsTo('loginWeb')).toEqual([[{ idToken: 'google-id-token' }]]);
    expect(Object.keys(api.callsTo('loginWeb')[0]?.[0] as object)).toEqual(['idToken']);
    expect(session.state.status).toBe('authenticated');
  });

  it.each([
    ['google', (s: SignIn) => s.google()],
    ['apple', (s: SignIn) => s.apple()],
    ['email', (s: SignIn) => s.email(credentials)],
    ['createAccount', (s: SignIn) => s.createAccount(credentials)],
  ])('%s: a provider failure is logged, clears the session and reaches the caller', async (_, run) => {
    const { signIn, session, auth, api, logger } = setup();
    api.signedInAs(aUser());
    await session.load();
    const refused = new Error('auth/popup-closed-by-user');
    for (const method of ['signInWithGoogle', 'signInWithApple', 'signInWithPassword', 'createAccount'] as const) auth.fail(method, refused);

    await expect(run(signIn)).rejects.toBe(refused);

    expect(session.state).toEqual({ status: 'anonymous', user: null });
    expect(logger.entries.error).toHaveLength(1);
    expect(api.callsTo('loginWeb')).toEqual([]);
  });

  it('a login refused by the product API clears the session and reaches the caller', async () => {
    const { signIn, session, api } = setup();
    const refused = new Error('401');
    api.fail('loginWeb', refused);
    await expect(signIn.apple()).rejects.toBe(refused);
    expect(session.state).toEqual({ status: 'anonymous', user: null });
  });

  it.each([
    [{ email: 'pas-une-adresse', password: 'motdepasse' }, 'Adresse e-mail invalide.'],
    [{ email: 'camille@example.fr', password: 'court' }, 'Le mot de passe doit faire au moins 8 caractères.'],
    [{ password: 'motdepasse' }, 'L’adresse e-mail est obligatoire.'],
    [{ email: 'camille@example.fr' }, 'Le mot de passe est obligatoire.'],
  ])('refuses bad credentials %j with a French ValidationError, before any call', async (input, message) => {
    const { signIn, auth, api } = setup();
    const error = await signIn.email(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(message);
    expect((error as ValidationError).statusCode).toBe(400);
    expect(auth.calls).toEqual([]);
    expect(api.calls).toEqual([]);
  });

  it('refuses a bad account with a French ValidationError listing every field', async () => {
    const { signIn, auth } = setup();
    const error = (await signIn.createAccount({ email: 'x', password: '1', displayName: '  ' }).catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([
      { path: 'email', message: 'Adresse e-mail invalide.' },
      { path: 'password', message: 'Le mot de passe doit faire au moins 8 caractères.' },
      { path: 'displayName', message: 'Le nom affiché ne peut pas être vide.' },
    ]);
    expect(auth.calls).toEqual([]);
  });
});
