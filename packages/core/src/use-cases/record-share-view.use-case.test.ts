import { describe, expect, it } from 'vitest';
import { anId, createTestContainer, USER_AGENTS } from '../testing';
import { RecordShareView } from './record-share-view.use-case';

const SHARE_ID = anId(7);

function setup(url: string) {
  const { container, fakes } = createTestContainer();
  fakes.navigator.setUrl(url).useUserAgent(USER_AGENTS.iphone);
  return { record: container.get(RecordShareView), ...fakes };
}

describe('RecordShareView (?nshid={id})', () => {
  it('records the view with the user agent', async () => {
    const { record, api } = setup(`/events/${anId(1)}?nshid=${SHARE_ID}`);
    await record.execute();
    expect(api.callsTo('addShareView')).toEqual([[SHARE_ID, { userAgent: USER_AGENTS.iphone }]]);
  });

  it('removes nshid from the address, replacing the entry and keeping the path, the other parameters in order, and the hash', async () => {
    const { record, navigator } = setup(`/places/${anId(2)}?from=newsletter&nshid=${SHARE_ID}&q=caf%C3%A9+concert&tag=a%20b#agenda`);
    await record.execute();
    expect(navigator.navigations).toEqual([{ path: `/places/${anId(2)}?from=newsletter&q=caf%C3%A9+concert&tag=a%20b#agenda`, replace: true }]);
    expect(navigator.currentUrl().searchParams.has('nshid')).toBe(false);
  });

  it('leaves no dangling question mark when nshid was the only parameter', async () => {
    const { record, navigator } = setup(`/blog?nshid=${SHARE_ID}`);
    await record.execute();
    expect(navigator.navigations).toEqual([{ path: '/blog', replace: true }]);
  });

  it('does nothing without nshid', async () => {
    const { record, navigator, api } = setup('/search?q=jazz');
    await record.execute();
    expect(navigator.navigations).toEqual([]);
    expect(api.calls).toEqual([]);
  });

  it('returns a failed recording with its cause, the address being cleaned all the same', async () => {
    const { record, navigator, api, logger } = setup(`/map?nshid=${SHARE_ID}`);
    const failure = new Error('500');
    api.fail('addShareView', failure);
    await expect(record.execute()).resolves.toEqual({ kind: 'failed', shareId: SHARE_ID, cause: failure });
    expect(navigator.navigations).toEqual([{ path: '/map', replace: true }]);
    expect(logger.entries.error).toEqual([]);
  });

  it('cleans but does not send a malformed share id', async () => {
    const { record, navigator, api } = setup('/map?a=1&nshid=%3Cscript%3E');
    expect(await record.execute()).toMatchObject({ kind: 'failed', shareId: '<script>', cause: expect.any(Error) });
    expect(navigator.navigations).toEqual([{ path: '/map?a=1', replace: true }]);
    expect(api.calls).toEqual([]);
  });
});
