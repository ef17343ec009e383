import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, foregroundMessageOf, linkOf, NOTIFICATION_ICON, notificationOf, readPushPayload } from './push-notification';

const ORIGIN = 'https://sortie.example';
const ID = '0123456789abcdef01234567';
const json = (value: unknown) => ({ json: () => value });

describe('a push message shown by the service worker', () => {
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
});
