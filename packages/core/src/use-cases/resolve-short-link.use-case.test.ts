import { describe, expect, it } from 'vitest';
import { LinkNotFoundError } from '../domain/errors';
import { createTestContainer, USER_AGENTS } from '../testing';
import { ResolveShortLink } from './resolve-short-link.use-case';

function setup() {
  const { container, fakes } = createTestContainer();
  fakes.navigator.setUrl('/r/fest24').useUserAgent(USER_AGENTS.iphone);
  fakes.clock.setNow('2026-03-01T21:15:00.000Z');
  return { resolve: container.get(ResolveShortLink), ...fakes };
}

describe('ResolveShortLink (/r/{shortCode})', () => {
  it('resolves the code with the visit time and user agent, then leaves for the link url', async () => {
    const { resolve, links, navigator } = setup();
    links.knowLink({ shortCode: 'fest24', url: 'https://billetterie.example.fr/festival' });

    const navigation = await resolve.execute('fest24');

    expect(links.callsTo('resolveShortCode')).toEqual([[{ shortCode: 'fest24', datetime: '2026-03-01T21:15:00.000Z', userAgent: USER_AGENTS.iphone }]]);
    expect(navigator.redirects).toEqual(['https://billetterie.example.fr/festival']);
    expect(navigator.navigations).toEqual([]);
    expect(navigation).toEqual({ kind: 'external', url: 'https://billetterie.example.fr/festival' });
  });

  it('accepts plain http links', async () => {
    const { resolve, links, navigator } = setup();
    links.knowLink({ shortCode: 'old', url: 'http://ancien-site.example.fr/' });
    await resolve.execute('old');
    expect(navigator.redirects).toEqual(['http://ancien-site.example.fr/']);
  });

  const failures: Array<[string, (s: ReturnType<typeof setup>) => void, string | undefined]> = [
    ['the server knows no such code', () => {}, 'absent'],
    ['the request fails', (s) => s.links.fail('resolveShortCode', new Error('network down')), 'fest24'],
    ['the link has no url', (s) => s.links.knowLink({ shortCode: 'fest24' }), 'fest24'],
    ['the link is not http(s)', (s) => s.links.knowLink({ shortCode: 'fest24', url: 'javascript:alert(1)' }), 'fest24'],
    ['the code is missing', () => {}, undefined],
    ['the code is malformed', () => {}, '../../etc'],
  ];
  it.each(failures)('goes to /home, replacing the entry, and returns the cause when %s', async (_, arrange, code) => {
    const s = setup();
    arrange(s);

    const navigation = await s.resolve.execute(code);

    expect(s.navigator.redirects).toEqual([]);
    expect(s.navigator.navigations).toEqual([{ path: '/home', replace: true }]);
    expect(navigation).toMatchObject({ kind: 'fallback', path: '/home', cause: expect.anything() });
    expect(s.logger.entries.error).toEqual([]);
  });

  it('returns the server’s LinkNotFoundError as the cause of an unknown code', async () => {
    const { resolve } = setup();
    const navigation = await resolve.execute('absent');
    expect(navigation.kind === 'fallback' && navigation.cause).toBeInstanceOf(LinkNotFoundError);
  });

  it('does not call the server for a malformed code', async () => {
    const { resolve, links } = setup();
    await resolve.execute('pas un code');
    expect(links.calls).toEqual([]);
  });

  it('cuts an overlong user agent rather than failing', async () => {
    const { resolve, links, navigator } = setup();
    navigator.useUserAgent('x'.repeat(5000));
    links.knowLink({ shortCode: 'fest24', url: 'https://example.fr/' });
    await resolve.execute('fest24');
    expect((links.visits[0]?.userAgent ?? '').length).toBe(1000);
    expect(navigator.redirects).toEqual(['https://example.fr/']);
  });
});
