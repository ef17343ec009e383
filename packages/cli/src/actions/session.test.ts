import { describe, expect, it } from 'vitest';
import { ApiError, AuthError } from '@sortie/core';
import { aStaffUser } from '@sortie/core/testing';
import { fakeCli, TEST_API } from '../../test/fake-cli';

describe('sortie login', () => {
  it('signs in with the e-mail and the password read from stdin', async () => {
    const cli = fakeCli({ stdin: 'sortie-demo\n' });
    cli.fakes.api.userAfterLogin = aStaffUser({ displayName: 'Sacha Bernard', email: 'staff@demo.sortie.fr' });
    expect(await cli.run('login', '--email', 'staff@demo.sortie.fr', '--password-stdin')).toBe(0);
    expect(cli.fakes.auth.callsTo('signInWithPassword')).toEqual([[{ email: 'staff@demo.sortie.fr', password: 'sortie-demo' }]]);
    expect(cli.stdout).toBe('Connecté·e : Sacha Bernard <staff@demo.sortie.fr> — staff\n');
  });

  it('exits 1 with a French message when the password is wrong', async () => {
    const cli = fakeCli({ stdin: 'mauvais-mdp' });
    cli.fakes.auth.fail('signInWithPassword', new AuthError('E-mail ou mot de passe incorrect.'));
    expect(await cli.run('login', '--email', 'staff@demo.sortie.fr', '--password-stdin')).toBe(1);
    expect(cli.stderr).toContain('Connexion refusée : E-mail ou mot de passe incorrect.');
  });

  it('says the API is unreachable when the server is down', async () => {
    const cli = fakeCli({ stdin: 'sortie-demo' });
    cli.fakes.auth.fail('signInWithPassword', new ApiError('x', { statusCode: 0, code: 'NETWORK_ERROR' }));
    expect(await cli.run('login', '--email', 'staff@demo.sortie.fr', '--password-stdin')).toBe(1);
    expect(cli.stderr).toContain(`Impossible de joindre l’API sur ${TEST_API}`);
  });

  it('never takes the password from an argument, and asks for --password-stdin off a terminal', async () => {
    const cli = fakeCli();
    expect(await cli.run('login', '--email', 'a@b.fr', '--password', 'secret')).toBe(2);
    expect(cli.stderr).toContain('option inconnue « --password »');
    const piped = fakeCli();
    expect(await piped.run('login', '--email', 'a@b.fr')).toBe(2);
    expect(piped.stderr).toContain('--password-stdin');
    expect(piped.fakes.auth.calls).toEqual([]);
  });

  it('prompts for the e-mail and a hidden password on a terminal', async () => {
    const cli = fakeCli({ stdin: ['staff@demo.sortie.fr\n', 'sortie-dem', 'x\u007fo\r'], stdinIsTTY: true });
    expect(await cli.run('login')).toBe(0);
    expect(cli.fakes.auth.callsTo('signInWithPassword')).toEqual([[{ email: 'staff@demo.sortie.fr', password: 'sortie-demo' }]]);
    expect(cli.stderr).toContain('Adresse e-mail : ');
    expect(cli.stderr).toContain('Mot de passe : ');
    expect(cli.stderr).not.toContain('sortie-demo');
  });

  it('refuses a malformed e-mail before any call (exit 2)', async () => {
    const cli = fakeCli({ stdin: 'sortie-demo' });
    expect(await cli.run('login', '--email', 'pas-un-email', '--password-stdin')).toBe(2);
    expect(cli.stderr).toContain('Adresse e-mail invalide.');
  });
});

describe('sortie whoami / logout', () => {
  it('shows the signed-in account, or JSON', async () => {
    const cli = fakeCli();
    const user = aStaffUser();
    cli.fakes.api.signedInAs(user);
    expect(await cli.run('whoami')).toBe(0);
    expect(cli.stdout).toBe('Sacha Bernard <sacha@example.fr> — staff\n');
    const json = fakeCli();
    json.fakes.api.signedInAs(user);
    expect(await json.run('--json', 'whoami')).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ user });
  });

  it('exits 1 and points to sortie login when nobody is signed in', async () => {
    const cli = fakeCli();
    expect(await cli.run('whoami')).toBe(1);
    expect(cli.stderr).toContain('Lancez « sortie login ».');
  });

  it('logs out on the server and forgets the local session', async () => {
    const cli = fakeCli();
    cli.fakes.api.signedInAs(aStaffUser());
    expect(await cli.run('logout')).toBe(0);
    expect(cli.fakes.api.callsTo('logout')).toHaveLength(1);
    expect(cli.sessionsForgotten).toBe(1);
    expect(cli.stdout).toContain('Déconnecté·e');
  });

  it('forgets the local session even when the server cannot be reached, and exits 1', async () => {
    const cli = fakeCli();
    cli.fakes.api.fail('logout', new ApiError('x', { statusCode: 0, code: 'NETWORK_ERROR' }));
    expect(await cli.run('logout')).toBe(1);
    expect(cli.sessionsForgotten).toBe(1);
    expect(cli.stderr).toContain('Impossible de joindre l’API');
  });
});
