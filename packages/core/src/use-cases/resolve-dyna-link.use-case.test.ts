import { describe, expect, it } from 'vitest';
import { anId, createTestContainer, USER_AGENTS } from '../testing';
import { ResolveDynaLink } from './resolve-dyna-link.use-case';

const LINK_ID = anId(42);

function setup() {
  const { container, fakes } = createTestContainer();
  fakes.navigator.setUrl(`/events/${anId(1)}?dyna=${LINK_ID}`).useUserAgent(USER_AGENTS.android);
  fakes.clock.setNow('2026-03-01T21:15:00.000Z');
  return { resolve: container.get(ResolveDynaLink), ...fakes };
}

describe('ResolveDynaLink (?dyna={id})', () => {
  it('fetches the link, records the visit, then leaves for its url', async () => {
    const { resolve, links, navigator } = setup();
    links.knowLink({ _id: LINK_ID, url: 'https://www.instagram.com/sortie' });

    const navigation = await resolve.execute(LINK_ID);

    expect(links.callsTo('getDynaLink')).toEqual([[LINK_ID]]);
    expect(links.callsTo('recordVisit')).toEqual([[LINK_ID, { datetime: '2026-03-01T21:15:00.000Z', userAgent: USER_AGENTS.android }]]);
    expect(navigator.redirects).toEqual(['https://www.instagram.com/sortie']);
    expect(navigation).toEqual({ kind: 'external', url: 'https://www.instagram.com/sortie' });
  });

  it('records the visit before leaving the page', async () => {
    const { resolve, links, navigator } = setup();
    links.knowLink({ _id: LINK_ID, url: 'https://example.fr/' });
    let redirectedWhenVisitRecorded: number | undefined;
    links.answer('recordVisit', () => {
      redirectedWhenVisitRecorded = navigator.redirects.length;
    });
    await resolve.execute(LINK_ID);
    expect(redirectedWhenVisitRecorded).toBe(0);
  });

  it('still leaves when the visit cannot be recorded, and returns that failure', async () => {
    const { resolve, links, navigator, logger } = setup();
    const failure = new Error('503');
    links.knowLink({ _id: LINK_ID, url: 'https://example.fr/' }).fail('recordVisit', failure);

    const navigation = await resolve.execute(LINK_ID);

    expect(navigator.redirects).toEqual(['https://example.fr/']);
    expect(navigation).toEqual({ kind: 'external', url: 'https://example.fr/', visitFailure: failure });
    expect(logger.entries.error).toEqual([]);
  });

  it('opens a link with a password, or a venue’s link page, at its short address, which asks for the password or draws the page and counts the visit (issue 36)', async () => {
    for (const link of [
      { _id: LINK_ID, shortCode: 'secret', protected: true },
      { _id: LINK_ID, shortCode: 'secret', url: 'https://exemple.fr/', page: { placeId: anId(7) } },
    ]) {
      const { resolve, links, navigator } = setup();
      links.knowLink(link);
      expect(await resolve.execute(LINK_ID)).toEqual({ kind: 'shortLink', path: '/r/secret' });
      expect(navigator.redirects).toEqual(['/r/secret']);
      expect(links.callsTo('recordVisit')).toEqual([]);
    }
  });

  const failures: Array<[string, (s: ReturnType<typeof setup>) => void, string]> = [
    ['the link does not exist', () => {}, LINK_ID],
    ['the request fails', (s) => s.links.fail('getDynaLink', new Error('network down')), LINK_ID],
    ['the link has no url', (s) => s.links.knowLink({ _id: LINK_ID }), LINK_ID],
    ['the link is not http(s)', (s) => s.links.knowLink({ _id: LINK_ID, url: 'data:text/html,hi' }), LINK_ID],
    ['the id is not a 24-hex id', () => {}, 'not-an-id'],
  ];
  it.each(failures)('stays where it is, returning the cause, when %s', async (_, arrange, id) => {
    const s = setup();
    arrange(s);

    const navigation = await s.resolve.execute(id);

    expect(navigation).toMatchObject({ kind: 'fallback', path: null, cause: expect.any(Error) });
    expect(s.navigator.redirects).toEqual([]);
    expect(s.navigator.navigations).toEqual([]);
    expect(s.links.callsTo('recordVisit')).toEqual([]);
    expect(s.logger.entries.error).toEqual([]);
  });
});
