import { describe, expect, it } from 'vitest';
import { ApiError, NotFoundError } from '@sortie/core';
import { anEvent, anId, USER_AGENTS } from '@sortie/core/testing';
import { fakeCli, TEST_API } from '../../test/fake-cli';

const PLACE = anId(7);
const EVENT = anId(8);
const SHARE = anId(9);

describe('sortie events next --place', () => {
  it('prints the address of the place’s next event', async () => {
    const cli = fakeCli();
    cli.fakes.api.seed('events', { ...anEvent({ _id: EVENT }), placeId: PLACE });
    expect(await cli.run('events', 'next', '--place', PLACE)).toBe(0);
    expect(cli.stdout).toBe(`${TEST_API}/events/${EVENT}\n`);
    expect(cli.fakes.api.lastCallTo('listEvents')).toEqual([{ placeId: PLACE, limit: 1 }]);
  });

  it('prints the place’s own address when it has no upcoming event, as JSON too', async () => {
    const cli = fakeCli();
    expect(await cli.run('--json', 'events', 'next', '--place', PLACE)).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual({ placeId: PLACE, kind: 'place', path: `/places/${PLACE}`, url: `${TEST_API}/places/${PLACE}` });
  });

  it('exits 1 and names /home when the lookup fails', async () => {
    const cli = fakeCli();
    cli.fakes.api.fail('listEvents', new ApiError('Le serveur a répondu par une erreur (500).', { statusCode: 500 }));
    expect(await cli.run('events', 'next', '--place', PLACE)).toBe(1);
    expect(cli.stdout).toBe('');
    expect(cli.stderr).toContain('Recherche du prochain événement impossible : Le serveur a répondu par une erreur (500).');
    expect(cli.stderr).toContain(`${TEST_API}/home`);
  });

  it('says the API is unreachable when the server is down', async () => {
    const cli = fakeCli();
    cli.fakes.api.fail('listEvents', new ApiError('réseau', { statusCode: 0, code: 'NETWORK_ERROR' }));
    expect(await cli.run('events', 'next', '--place', PLACE)).toBe(1);
    expect(cli.stderr).toContain(`Impossible de joindre l’API sur ${TEST_API}`);
  });

  it('requires --place (exit 2, French message)', async () => {
    const cli = fakeCli();
    expect(await cli.run('events', 'next')).toBe(2);
    expect(cli.stderr).toContain('erreur : option obligatoire manquante « --place <placeId> »');
  });
});

describe('sortie shares view', () => {
  it('records a view with the CLI’s user agent', async () => {
    const cli = fakeCli();
    cli.fakes.navigator.useUserAgent(USER_AGENTS.mac);
    expect(await cli.run('shares', 'view', SHARE)).toBe(0);
    expect(cli.fakes.api.shareViews).toEqual([{ id: SHARE, userAgent: USER_AGENTS.mac }]);
    expect(cli.stdout).toBe(`Vue enregistrée pour le partage ${SHARE}.\n`);
  });

  it('exits 1 when the share does not exist', async () => {
    const cli = fakeCli();
    cli.fakes.api.fail('addShareView', new NotFoundError('Partage introuvable.'));
    expect(await cli.run('--json', 'shares', 'view', SHARE)).toBe(1);
    expect(cli.stderr).toContain(`Partage introuvable : ${SHARE}.`);
    expect(JSON.parse(cli.stdout).error.code).toBe('SHARE_NOT_FOUND');
  });
});
