import { describe, expect, it } from 'vitest';
import { ApiError, AuthError, OPERATIONS } from '@sortie/core';
import { anId, USER_AGENTS } from '@sortie/core/testing';
import { fakeCli, TEST_API } from '../../test/fake-cli';

const LINK_ID = anId(42);
const link = { _id: LINK_ID, shortCode: 'fete-musique', url: 'https://www.poitiers.fr/fete', visitCount: 3, createdAt: '2026-06-01T08:00:00.000Z', updatedAt: '2026-06-01T08:00:00.000Z' };
const unreachable = () => new ApiError('Impossible de joindre le serveur.', { statusCode: 0, code: 'NETWORK_ERROR', cause: Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } }) });

describe('sortie links resolve', () => {
  it('prints the url alone and records the visit with the date and the user agent', async () => {
    const cli = fakeCli();
    cli.fakes.links.knowLink(link);
    cli.fakes.navigator.useUserAgent('sortie-cli/1.2.3 (node)');

    expect(await cli.run('links', 'resolve', 'fete-musique')).toBe(0);

    expect(cli.stdout).toBe('https://www.poitiers.fr/fete\n');
    expect(cli.fakes.links.visits).toEqual([{ shortCode: 'fete-musique', datetime: '2026-01-15T20:00:00.000Z', userAgent: 'sortie-cli/1.2.3 (node)' }]);
  });

  it('prints {shortCode, url} as the only JSON document under --json', async () => {
    const cli = fakeCli();
    cli.fakes.links.knowLink(link);
    expect(await cli.run('--json', 'links', 'resolve', 'fete-musique')).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual({ shortCode: 'fete-musique', url: 'https://www.poitiers.fr/fete' });
  });

  it('exits 1 on an unknown code, with a French message on stderr and nothing on stdout', async () => {
    const cli = fakeCli();
    expect(await cli.run('links', 'resolve', 'inconnu')).toBe(1);
    expect(cli.stdout).toBe('');
    expect(cli.stderr).toContain('Code court inconnu : « inconnu »');
  });

  it('says an expired link is expired, with the server’s French date, not unknown', async () => {
    const cli = fakeCli();
    cli.fakes.links.fail('resolveShortCode', new ApiError('Ce lien a expiré le mercredi 25 novembre 2026 à 01:00.', { statusCode: 410, code: 'LINK_EXPIRED' }));
    expect(await cli.run('links', 'resolve', 'expire')).toBe(1);
    expect(cli.stdout).toBe('');
    expect(cli.stderr).toBe('Ce lien a expiré le mercredi 25 novembre 2026 à 01:00.\n');
  });

  it('keeps stdout one JSON document when it fails under --json', async () => {
    const cli = fakeCli();
    expect(await cli.run('--json', 'links', 'resolve', 'inconnu')).toBe(1);
    expect(JSON.parse(cli.stdout)).toEqual({ error: { code: 'LINK_NOT_FOUND', message: expect.stringContaining('Code court inconnu') } });
  });

  it('says the API cannot be reached at its address when the server is down', async () => {
    const cli = fakeCli();
    cli.fakes.links.fail('resolveShortCode', unreachable());
    expect(await cli.run('links', 'resolve', 'fete-musique')).toBe(1);
    expect(cli.stderr).toContain(`Impossible de joindre l’API sur ${TEST_API}`);
  });

  it('refuses a malformed code as a usage error (exit 2) without calling the API', async () => {
    const cli = fakeCli();
    expect(await cli.run('links', 'resolve', 'pas un code')).toBe(2);
    expect(cli.stderr).toContain('Valeur refusée pour le code court : Code court invalide');
    expect(cli.fakes.links.calls).toEqual([]);
  });
});

describe('sortie links get / visit', () => {
  it('shows a link with its short address', async () => {
    const cli = fakeCli();
    cli.fakes.links.knowLink(link);
    expect(await cli.run('links', 'get', LINK_ID)).toBe(0);
    expect(cli.stdout).toContain(`Lien ${LINK_ID}`);
    expect(cli.stdout).toMatch(/Lien court +: http:\/\/api\.test\/r\/fete-musique/);
    expect(cli.stdout).toMatch(/Adresse +: https:\/\/www\.poitiers\.fr\/fete/);
    expect(cli.stdout).toMatch(/Visites +: 3/);
  });

  it('exits 2 on an id that is not 24 hexadecimal characters', async () => {
    const cli = fakeCli();
    expect(await cli.run('links', 'get', 'xyz')).toBe(2);
    expect(cli.stderr).toContain('Valeur refusée pour l’identifiant de lien : Identifiant invalide');
  });

  it('records a visit with the clock’s date and the user agent', async () => {
    const cli = fakeCli();
    cli.fakes.links.knowLink(link);
    cli.fakes.navigator.useUserAgent(USER_AGENTS.desktop);
    expect(await cli.run('--json', 'links', 'visit', LINK_ID)).toBe(0);
    expect(cli.fakes.links.visits).toEqual([{ id: LINK_ID, datetime: '2026-01-15T20:00:00.000Z', userAgent: USER_AGENTS.desktop }]);
    expect(JSON.parse(cli.stdout)).toEqual({ id: LINK_ID, datetime: '2026-01-15T20:00:00.000Z', userAgent: USER_AGENTS.desktop });
  });

  it('stays silent on success under --quiet', async () => {
    const cli = fakeCli();
    cli.fakes.links.knowLink(link);
    expect(await cli.run('--quiet', 'links', 'visit', LINK_ID)).toBe(0);
    expect(cli.stdout).toBe('');
    expect(cli.stderr).toBe('');
  });
});

describe('sortie links create / list / visits', () => {
  it('creates a link from the url and the code, and prints its short address', async () => {
    const cli = fakeCli();
    expect(await cli.run('-q', 'links', 'create', 'https://www.poitiers.fr/fete', '--code', 'fete')).toBe(0);
    expect(cli.fakes.api.lastCallTo('create')).toEqual(['dynaLinks', { url: 'https://www.poitiers.fr/fete', shortCode: 'fete' }]);
    expect(cli.stdout).toBe(`${TEST_API}/r/fete\n`);
  });

  it('refuses a javascript: target before any call (exit 2)', async () => {
    const cli = fakeCli();
    expect(await cli.run('links', 'create', 'javascript:alert(1)')).toBe(2);
    expect(cli.stderr).toContain('seules les adresses http et https sont acceptées');
    expect(cli.fakes.api.callsTo('create')).toEqual([]);
  });

  it('explains a refusal for lack of rights (exit 1)', async () => {
    const cli = fakeCli();
    cli.fakes.api.fail('create', new AuthError('Réservé au staff.', { statusCode: 403 }));
    expect(await cli.run('links', 'create', 'https://example.org')).toBe(1);
    expect(cli.stderr).toContain('Accès refusé : Réservé au staff.');
  });

  it('lists links as a table, and as the page under --json', async () => {
    const cli = fakeCli();
    cli.fakes.api.seed('dynaLinks', link, { ...link, _id: anId(43), shortCode: 'expo', url: 'https://musees.poitiers.fr', visitCount: 12 });
    expect(await cli.run('links', 'list')).toBe(0);
    const lines = cli.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +CODE +VISITES +ADRESSE$/);
    expect(lines[2]).toMatch(new RegExp(`^${LINK_ID} +fete-musique +3 +https://www.poitiers.fr/fete$`));
    expect(lines[3]).toMatch(/expo +12 +https:\/\/musees\.poitiers\.fr$/);
    expect(cli.stderr).toContain('2 liens affichés sur 2.');

    const json = fakeCli();
    json.fakes.api.seed('dynaLinks', link);
    expect(await json.run('--json', 'links', 'list', '--limit', '5')).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ meta: { total: 1 }, items: [{ shortCode: 'fete-musique' }] });
    expect(json.fakes.api.lastCallTo('list')).toEqual(['dynaLinks', { limit: 5, offset: 0, q: undefined }]);
  });

  it('refuses a limit above 100 (exit 2)', async () => {
    const cli = fakeCli();
    expect(await cli.run('links', 'list', '--limit', '500')).toBe(2);
  });

  it('shows the visits of a link as a table of dates in Paris time and user agents', async () => {
    const cli = fakeCli();
    cli.fakes.api.serve(OPERATIONS.dynaLinkVisits, () => ({ meta: { total: 1, limit: 20, offset: 0 }, items: [{ datetime: '2026-06-21T18:30:00.000Z', userAgent: 'Mozilla/5.0 test' }] }));
    expect(await cli.run('links', 'visits', LINK_ID)).toBe(0);
    expect(cli.fakes.api.callsOf(OPERATIONS.dynaLinkVisits)).toEqual([{ path: { id: LINK_ID }, query: { limit: 20, offset: 0 } }]);
    expect(cli.stdout).toMatch(/DATE +AGENT UTILISATEUR/);
    expect(cli.stdout).toContain('21/06/2026 20:30:00  Mozilla/5.0 test');
  });

  it('pages the visits with --limit and --offset, and says how many there are in all', async () => {
    const cli = fakeCli();
    cli.fakes.api.serve(OPERATIONS.dynaLinkVisits, () => ({ meta: { total: 30, limit: 1, offset: 5 }, items: [{ datetime: '2026-06-21T18:30:00.000Z', userAgent: 'ua' }] }));
    expect(await cli.run('links', 'visits', LINK_ID, '--limit', '1', '--offset', '5')).toBe(0);
    expect(cli.fakes.api.callsOf(OPERATIONS.dynaLinkVisits)).toEqual([{ path: { id: LINK_ID }, query: { limit: 1, offset: 5 } }]);
    expect(cli.stderr).toContain('1 visite affichée sur 30 (--limit et --offset pour les autres).');
  });
});
