import { describe, expect, it } from 'vitest';
import { ApiError, AuthError } from '@sortie/core';
import { FirebaseAuthAdapter } from './firebase-auth.adapter';
import { fakeFirebaseAuthSdk, firebaseError } from './fake-firebase-sdk';

const OPTIONS = { apiKey: 'k', authDomain: 'sortie.firebaseapp.com', projectId: 'sortie', appId: 'app' };

function setup() {
  const fake = fakeFirebaseAuthSdk();
  let loads = 0;
  const adapter = new FirebaseAuthAdapter({ firebase: OPTIONS, pushPublicKey: null }, async () => {
    loads += 1;
    return fake.sdk;
  });
  return { fake, adapter, loads: () => loads };
}

describe('FirebaseAuthAdapter', () => {
  it('sets the persistence before the Google popup and resolves the ID token', async () => {
    const { fake, adapter } = setup();
    await adapter.setPersistence('local');
    const token = await adapter.signInWithGoogle();
    expect(token).toBe('id-token-of-u1');
    expect(fake.calls).toEqual(['initializeApp', 'setPersistence:LOCAL', 'signInWithPopup:google.com', 'getIdToken']);
    expect(fake.auth.languageCode).toBe('fr');
  });

  it('maps each persistence mode to Firebase’s', async () => {
    const { fake, adapter } = setup();
    await adapter.setPersistence('session');
    await adapter.setPersistence('none');
    expect(fake.calls.filter((c) => c.startsWith('setPersistence'))).toEqual(['setPersistence:SESSION', 'setPersistence:NONE']);
  });

  it('signs in with Apple through OAuthProvider("apple.com") asking for e-mail and name', async () => {
    const { fake, adapter } = setup();
    await expect(adapter.signInWithApple()).resolves.toBe('id-token-of-u1');
    expect(fake.lastProvider?.providerId).toBe('apple.com');
    expect(fake.lastProvider?.scopes).toEqual(['email', 'name']);
  });

  it('signs in with e-mail and password, and creates an account with a display name', async () => {
    const { fake, adapter } = setup();
    await expect(adapter.signInWithPassword({ email: 'lea@example.fr', password: 'motdepasse' })).resolves.toBe('id-token-of-u1');
    await expect(adapter.createAccount({ email: 'new@example.fr', password: 'motdepasse', displayName: 'Léa' })).resolves.toBe('id-token-of-u1-Léa');
    expect(fake.calls.slice(1)).toEqual([
      'signInWithEmailAndPassword:lea@example.fr:motdepasse',
      'getIdToken',
      'createUserWithEmailAndPassword:new@example.fr',
      'updateProfile:Léa',
      'getIdToken:refresh',
    ]);
  });

  it('loads the SDK once, on first use', async () => {
    const { adapter, loads } = setup();
    expect(loads()).toBe(0);
    await adapter.setPersistence('local');
    await adapter.signOut();
    expect(loads()).toBe(1);
  });

  it.each([
    ['auth/wrong-password', 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.'],
    ['auth/user-not-found', 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.'],
    ['auth/invalid-credential', 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.'],
    ['auth/too-many-requests', 'TOO_MANY_REQUESTS', 'Trop de tentatives : réessayez dans quelques minutes.'],
    ['auth/something-new', 'AUTH_FAILED', 'La connexion a échoué. Réessayez.'],
  ])('turns %s into an AuthError %s with a French message', async (firebaseCode, code, message) => {
    const { fake, adapter } = setup();
    fake.failNext('signInWithEmailAndPassword', firebaseError(firebaseCode));
    const error = await adapter.signInWithPassword({ email: 'lea@example.fr', password: 'motdepasse' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code, message, statusCode: 401 });
  });

  it('reports email-already-in-use and a closed popup with their own codes', async () => {
    const { fake, adapter } = setup();
    fake.failNext('createUserWithEmailAndPassword', firebaseError('auth/email-already-in-use'));
    await expect(adapter.createAccount({ email: 'a@b.fr', password: 'motdepasse' })).rejects.toMatchObject({ code: 'EMAIL_ALREADY_IN_USE' });
    fake.failNext('signInWithPopup', firebaseError('auth/popup-closed-by-user'));
    await expect(adapter.signInWithGoogle()).rejects.toMatchObject({ code: 'POPUP_CLOSED', message: 'La fenêtre de connexion a été fermée avant la fin.' });
  });

  it('turns a network failure into ApiError 0 and rethrows what is not Firebase’s', async () => {
    const { fake, adapter } = setup();
    fake.failNext('signInWithPopup', firebaseError('auth/network-request-failed'));
    await expect(adapter.signInWithGoogle()).rejects.toBeInstanceOf(ApiError);
    const bug = new TypeError('bug');
    fake.failNext('signInWithPopup', bug);
    await expect(adapter.signInWithGoogle()).rejects.toBe(bug);
  });

  it('rejects in French when Firebase is not configured', async () => {
    const adapter = new FirebaseAuthAdapter({ firebase: null, pushPublicKey: null }, async () => fakeFirebaseAuthSdk().sdk);
    await expect(adapter.signInWithGoogle()).rejects.toMatchObject({ code: 'NOT_CONFIGURED', message: 'La connexion n’est pas configurée sur ce serveur.' });
  });
});
