import type { AuthPort } from '../../ports/auth.port';
import { AuthError } from '../../domain/errors';
import { rejectionOf, withSubject, type ContractRunner, type Teardown } from './runner';

export interface AuthSubject extends Teardown {
  port: AuthPort;
  /** An account the identity provider knows. */
  account: { email: string; password: string };
}

/** What a caller of AuthPort may rely on for e-mail and password, whoever provides the identity. */
export function authContract(t: ContractRunner, name: string, setup: () => Promise<AuthSubject> | AuthSubject): void {
  const { it, expect } = t;
  withSubject(t, `AuthPort contract: ${name}`, setup, (subject) => {
    it('sets the persistence and signs out without complaint', async () => {
      const { port } = subject();
      await expect(port.setPersistence('local')).resolves.toBeUndefined();
      await expect(port.signOut()).resolves.toBeUndefined();
    });

    it('signs a known account in and resolves an ID token', async () => {
      const { port, account } = subject();
      const idToken = await port.signInWithPassword(account);
      expect(idToken).toEqual(expect.any(String));
      expect(idToken).not.toBe('');
    });

    it('refuses a wrong password with AuthError INVALID_CREDENTIALS and the French message', async () => {
      const { port, account } = subject();
      const error = await rejectionOf(port.signInWithPassword({ email: account.email, password: `${account.password}-faux` }));
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Adresse e-mail ou mot de passe incorrect.' });
    });

    it('creates an account and resolves its ID token; the same address again is refused with EMAIL_ALREADY_IN_USE', async () => {
      const { port } = subject();
      const account = { email: 'nouvelle.personne@example.fr', password: 'un-long-mot-de-passe', displayName: 'Nouvelle Personne' };
      await expect(port.createAccount(account)).resolves.toEqual(expect.any(String));
      const error = await rejectionOf(port.createAccount(account));
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ code: 'EMAIL_ALREADY_IN_USE', message: 'Un compte existe déjà avec cette adresse e-mail.' });
      await expect(port.signInWithPassword(account)).resolves.toEqual(expect.any(String));
    });
  });
}
