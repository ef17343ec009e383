import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, foregroundMessageOf, linkOf, NOTIFICATION_ICON, notificationOf, openNotificationLink, readPushPayload, receivePush, safeLink } from './push-notification';
import type { ServiceWorkerScope, WindowClientLike } from './worker-scope';

const ORIGIN = 'https://sortie.example';
const ID = '0123456789abcdef01234567';
const json = (value: unknown) => ({ json: () => value });

describe('a push message shown by the service worker', () => {
  it('shows the server’s Web Push message {id, title, body, link, icon}: its title, text, icon, the badge, its page, one notification per id', () => {
    const payload = { id: ID, title: 'Demain : Concert de jazz', body: 'Concert de jazz commence demain à 20 h 30.', link: '/events/abc', icon: '/uploads/jazz.webp' };
    expect(notificationOf(payload, ORIGIN)).toEqual({
      title: 'Demain : Concert de jazz',
      options: {
        body: 'Concert de jazz commence demain à 20 h 30.',
        icon: '/uploads/jazz.webp',
        badge: NOTIFICATION_ICON,
        tag: ID,
        lang: 'fr',
        data: { link: `${ORIGIN}/events/abc`, payload },
      },
    });
  });

  it('takes the app’s icon and the home page when the Web Push message has neither (null)', () => {
    const shown = notificationOf({ id: ID, title: 'Nouveau badge', body: '', link: null, icon: null }, ORIGIN);
    expect(shown.title).toBe('Nouveau badge');
    expect(shown.options.body).toBeUndefined();
    expect(shown.options.icon).toBe(NOTIFICATION_ICON);
    expect(shown.options.data.link).toBe(`${ORIGIN}/`);
  });

  it('shows the title and body of an FCM message, and opens its link on click', () => {
    const payload = { notification: { title: 'Concert ce soir', body: 'Les Tontons à 21 h au Confort Moderne' }, data: { id: ID }, fcmOptions: { link: '/events/abc' } };
    expect(notificationOf(payload, ORIGIN)).toEqual({
      title: 'Concert ce soir',
      options: {
        body: 'Les Tontons à 21 h au Confort Moderne',
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        tag: ID,
        lang: 'fr',
        data: { link: `${ORIGIN}/events/abc`, payload },
      },
    });
  });

  it('reads the title, body and link from the data of a data-only message', () => {
    const shown = notificationOf({ data: { id: ID, title: 'Nouveau badge', body: 'Habitué du jeudi', link: `${ORIGIN}/users/badges` } }, ORIGIN);
    expect(shown.title).toBe('Nouveau badge');
    expect(shown.options.body).toBe('Habitué du jeudi');
    expect(shown.options.data.link).toBe(`${ORIGIN}/users/badges`);
  });

  it('shows the server’s FCM data message as it shows its Web Push message: the same title, text, icon, page and tag (issue 33)', () => {
    // What the server's FCM sender sends (fcm-sender.ts: every value a string, '' for none), as FCM hands it to the worker.
    const message = { id: ID, title: 'Demain : Concert de jazz', body: 'Concert de jazz commence demain à 20 h 30.', link: '/events/abc', icon: '/uploads/jazz.webp' };
    const fcm = { data: message, from: '1234567890', fcmMessageId: 'f7c1e2d3', priority: 'normal' };
    const { options: webPushOptions, ...webPush } = notificationOf(message, ORIGIN);
    const { options: fcmOptions, ...shown } = notificationOf(fcm, ORIGIN);
    expect(shown).toEqual(webPush);
    expect({ ...fcmOptions, data: { link: fcmOptions.data.link } }).toEqual({ ...webPushOptions, data: { link: webPushOptions.data.link } });
    // No icon (''): the app's.
    expect(notificationOf({ data: { ...message, icon: '' } }, ORIGIN).options.icon).toBe(NOTIFICATION_ICON);
    // With the page focused, the in-app toast gets it with its id where the inbox reads it.
    expect(foregroundMessageOf(fcm).data).toEqual(message);
  });

  it('never shows an empty notification: the app’s name, and the home page', () => {
    const shown = notificationOf({ data: { id: ID } }, ORIGIN);
    expect(shown.title).toBe(DEFAULT_TITLE);
    expect(shown.options.body).toBeUndefined();
    expect(shown.options.data.link).toBe(`${ORIGIN}/`);
  });

  it('keeps the sender’s icon and image when given', () => {
    const shown = notificationOf({ notification: { title: 'x', icon: '/uploads/a.png', image: '/uploads/b.webp' } }, ORIGIN);
    expect(shown.options.icon).toBe('/uploads/a.png');
    expect(shown.options.image).toBe('/uploads/b.webp');
  });
});

describe('linkOf', () => {
  it('takes fcmOptions.link, then click_action, then data.link or data.url', () => {
    expect(linkOf({ fcmOptions: { link: '/a' }, notification: { click_action: '/b' } }, ORIGIN)).toBe(`${ORIGIN}/a`);
    expect(linkOf({ notification: { click_action: '/b' }, data: { link: '/c' } }, ORIGIN)).toBe(`${ORIGIN}/b`);
    expect(linkOf({ data: { url: '/d?x=1' } }, ORIGIN)).toBe(`${ORIGIN}/d?x=1`);
  });

  it('never opens another site from a notification', () => {
    expect(linkOf({ fcmOptions: { link: 'https://evil.example/phish' } }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(linkOf({ fcmOptions: { link: 'javascript:alert(1)' }, data: { link: '/events/x' } }, ORIGIN)).toBe(`${ORIGIN}/events/x`);
    expect(linkOf({ link: 'javascript:alert(document.cookie)' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(linkOf({ link: '//evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('reads the Web Push message’s link first', () => {
    expect(linkOf({ link: '/places/p1', data: { link: '/events/x' } }, ORIGIN)).toBe(`${ORIGIN}/places/p1`);
  });
});

describe('safeLink', () => {
  it('keeps a relative link or an http(s) address of this site, and nothing else', () => {
    expect(safeLink('/events/abc?x=1#top', ORIGIN)).toBe(`${ORIGIN}/events/abc?x=1#top`);
    expect(safeLink(`${ORIGIN}/users/badges`, ORIGIN)).toBe(`${ORIGIN}/users/badges`);
    for (const refused of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>1</script>', 'https://evil.example/', '//evil.example/', 'http://sortie.example/', '', null, 42]) {
      expect(safeLink(refused, ORIGIN)).toBeNull();
    }
  });
});

describe('readPushPayload', () => {
  it('reads a JSON object, and nothing else', () => {
    expect(readPushPayload(json({ data: { id: ID } }))).toEqual({ data: { id: ID } });
    expect(readPushPayload(null)).toBeNull();
    expect(readPushPayload(json([1]))).toBeNull();
    expect(readPushPayload(json('texte'))).toBeNull();
    expect(readPushPayload({ json: () => JSON.parse('pas du JSON') })).toBeNull();
  });
});

describe('foregroundMessageOf', () => {
  it('is the message Firebase’s window SDK hands to onMessage', () => {
    expect(foregroundMessageOf({ data: { id: ID } })).toEqual({ data: { id: ID }, isFirebaseMessaging: true, messageType: 'push-received' });
  });

  it('carries a Web Push message’s id in data.id, where the app’s inbox reads it', () => {
    const payload = { id: ID, title: 'Nouveau badge', body: 'Habitué du jeudi', link: '/users/badges', icon: null };
    expect(foregroundMessageOf(payload)).toEqual({ ...payload, data: { id: ID }, isFirebaseMessaging: true, messageType: 'push-received' });
  });
});

/** The worker's clients and notifications, recorded. */
function fakeScope(tabs: Array<{ url: string; visibilityState?: string; focused?: boolean; controlled?: boolean }> = []) {
  const log: string[] = [];
  const shown: Array<{ title: string; options: object }> = [];
  const clients: WindowClientLike[] = tabs.map((tab) => {
    const client: WindowClientLike = {
      url: tab.url,
      visibilityState: tab.visibilityState ?? 'visible',
      focused: tab.focused ?? (tab.visibilityState ?? 'visible') === 'visible',
      focus: async () => (log.push(`focus ${tab.url}`), client),
      navigate: async (url) => {
        if (tab.controlled === false) throw new TypeError('not controlled');
        log.push(`navigate ${tab.url} → ${url}`);
        return client;
      },
      postMessage: (message) => log.push(`message ${tab.url} ${JSON.stringify(message)}`),
    };
    return client;
  });
  const scope = {
    location: { origin: ORIGIN } as Location,
    registration: { showNotification: async (title: string, options: object) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => (log.push(`open ${url}`), null),
    },
  } satisfies Pick<ServiceWorkerScope, 'clients' | 'registration' | 'location'>;
  return { scope, log, shown };
}

describe('receivePush', () => {
  const payload = { notification: { title: 'Concert ce soir', body: 'À 21 h' }, data: { id: ID }, fcmOptions: { link: '/events/abc' } };

  it('shows a notification when no page of the site is on screen', async () => {
    const { scope, shown, log } = fakeScope([{ url: `${ORIGIN}/`, visibilityState: 'hidden' }]);
    await receivePush(scope, payload);
    expect(shown).toEqual([notificationOf(payload, ORIGIN)]);
    expect(log).toEqual([]);
  });

  it('hands the message to the focused page instead (the in-app toast), and shows no notification', async () => {
    const { scope, shown, log } = fakeScope([{ url: `${ORIGIN}/a` }, { url: `${ORIGIN}/b`, visibilityState: 'hidden' }]);
    await receivePush(scope, payload);
    expect(shown).toEqual([]);
    expect(log).toEqual([`message ${ORIGIN}/a ${JSON.stringify(foregroundMessageOf(payload))}`]);
  });

  it('shows a notification when the site’s page is visible but not focused (another window in front)', async () => {
    const webPush = { id: ID, title: 'Votre match est prêt', body: 'Table 2', link: '/tournaments/t1', icon: null };
    const { scope, shown, log } = fakeScope([{ url: `${ORIGIN}/a`, focused: false }]);
    await receivePush(scope, webPush);
    expect(shown).toEqual([notificationOf(webPush, ORIGIN)]);
    expect(shown[0]?.options).toMatchObject({ tag: ID, data: { link: `${ORIGIN}/tournaments/t1` } });
    expect(log).toEqual([]);
  });
});

describe('openNotificationLink', () => {
  const link = `${ORIGIN}/events/abc`;

  it('brings forward the tab already on the page', async () => {
    const { scope, log } = fakeScope([{ url: `${ORIGIN}/` }, { url: link }]);
    await openNotificationLink(scope, { link });
    expect(log).toEqual([`focus ${link}`]);
  });

  it('takes a tab of the site there, or opens a new tab when it cannot', async () => {
    const controlled = fakeScope([{ url: `${ORIGIN}/` }]);
    await openNotificationLink(controlled.scope, { link });
    expect(controlled.log).toEqual([`focus ${ORIGIN}/`, `navigate ${ORIGIN}/ → ${link}`]);

    const uncontrolled = fakeScope([{ url: `${ORIGIN}/`, controlled: false }]);
    await openNotificationLink(uncontrolled.scope, { link });
    expect(uncontrolled.log).toEqual([`focus ${ORIGIN}/`, `open ${link}`]);
  });

  it('opens a new tab when the site is not open', async () => {
    const { scope, log } = fakeScope();
    await openNotificationLink(scope, { link });
    expect(log).toEqual([`open ${link}`]);
  });

  it('does nothing for a notification that is not ours, or whose link leaves the site', async () => {
    const { scope, log } = fakeScope([{ url: `${ORIGIN}/` }]);
    await openNotificationLink(scope, undefined);
    await openNotificationLink(scope, { title: 'x' });
    await openNotificationLink(scope, { link: 'javascript:alert(1)' });
    await openNotificationLink(scope, { link: 'https://evil.example/' });
    expect(log).toEqual([]);
  });
});
