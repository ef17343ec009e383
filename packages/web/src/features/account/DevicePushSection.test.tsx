import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OPERATIONS, type CurrentUser, type PushDevice } from '@sortie/core/domain';
import { FakeProductApi, USER_AGENTS, aUser } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';
import { SERVICE_WORKER_URL } from '../../services/service-worker';

/** The server's VAPID public key as /api/config gives it: 65 bytes, base64url. */
const VAPID_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 3) % 256));
const VAPID_PUBLIC_KEY = 'BAMGCQwPEhUYGx4hJCcqLTAzNjk8P0JFSEtOUVRXWl1gY2ZpbG9ydXh7foGEh4qNkJOWmZyfoqWoq66xtLe6vcA';

/** What this browser's PushSubscription.toJSON() gives. */
const SUBSCRIPTION_JSON = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdC1hcHBhcmVpbA:APA91bExemple',
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'BwcHBwcHBwcHBwcHBwcHBw' },
};

/**
 * The browser's Web Push objects: Notification (its permission and prompt), PushManager, and
 * navigator.serviceWorker whose registration subscribes. Each call is recorded.
 */
function fakeBrowser({
  permission = 'default',
  answer = 'granted',
  webPush = true,
  subscribed = false,
}: { permission?: NotificationPermission; answer?: NotificationPermission; webPush?: boolean; subscribed?: boolean } = {}) {
  const calls = { prompts: 0, registered: [] as string[], subscribed: [] as Array<{ userVisibleOnly?: boolean; applicationServerKey: Uint8Array }>, unsubscribed: 0 };
  let current: { options: { applicationServerKey: ArrayBuffer }; toJSON: () => typeof SUBSCRIPTION_JSON; unsubscribe: () => Promise<boolean> } | null = null;
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: async (options: { userVisibleOnly?: boolean; applicationServerKey: Uint8Array }) => {
        calls.subscribed.push(options);
        current = {
          options: { applicationServerKey: options.applicationServerKey.slice().buffer },
          toJSON: () => structuredClone(SUBSCRIPTION_JSON),
          unsubscribe: async () => {
            calls.unsubscribed += 1;
            current = null;
            return true;
          },
        };
        return current;
      },
    },
  };
  if (subscribed) void registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: VAPID_BYTES });
  const notification = {
    permission,
    requestPermission: async () => {
      calls.prompts += 1;
      notification.permission = answer;
      return answer;
    },
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', webPush ? class PushManager {} : undefined);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string) => (calls.registered.push(url), registration),
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const device = (overrides: Partial<PushDevice>): PushDevice => ({
  id: 'd1',
  device: 'Chrome sur Android',
  service: 'fcm.googleapis.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSuccessAt: null,
  current: false,
  ...overrides,
});

/** A signed-in account whose devices are `devices`; POST adds this browser as « cet appareil », DELETE removes. */
function accountApi(devices: PushDevice[] = []) {
  const user = { ...aUser({ displayName: 'Camille Martin', email: 'camille@example.fr' }), emailVerified: true } as CurrentUser;
  return new FakeProductApi()
    .signedInAs(user)
    .serve(OPERATIONS.notificationPreferences, () => ({}))
    .serve(OPERATIONS.mySessions, () => ({ items: [] }))
    .serve(OPERATIONS.myPushSubscriptions, () => ({ items: [...devices] }))
    .serve(OPERATIONS.addPushSubscription, () => {
      const added = device({ id: 'd-new', device: 'Firefox sur Linux', service: 'fcm.googleapis.com', createdAt: '2026-11-26T09:30:00.000Z', current: true });
      devices.push(added);
      return added;
    })
    .serve(OPERATIONS.removePushSubscription, ({ path }) => {
      devices.splice(
        devices.findIndex((item) => item.id === path.id),
        1,
      );
      return undefined;
    });
}

const section = async () => within(await screen.findByRole('region', { name: 'Notifications sur cet appareil' }, { timeout: 15_000 }));

describe('/account: « Notifications sur cet appareil »', () => {
  it('asks the browser, subscribes with the server’s VAPID key, posts the subscription’s toJSON() as it is, and lists this device', async () => {
    const calls = fakeBrowser();
    const api = accountApi();
    const { user } = await renderApp({ path: '/account', api, config: { vapidPublicKey: VAPID_PUBLIC_KEY } });
    const view = await section();
    expect(await view.findByText('Aucun appareil ne reçoit vos notifications pour l’instant.')).toBeTruthy();

    await user.click(view.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }));

    expect((await view.findByRole('status')).textContent).toBe('C’est fait : les notifications de Sortie arriveront sur cet appareil, même quand le site est fermé.');
    expect(calls.prompts).toBe(1);
    expect(calls.registered).toEqual([SERVICE_WORKER_URL]);
    expect(calls.subscribed).toHaveLength(1);
    expect(calls.subscribed[0]?.userVisibleOnly).toBe(true);
    expect([...(calls.subscribed[0]?.applicationServerKey ?? [])]).toEqual([...VAPID_BYTES]);
    expect(api.callsOf(OPERATIONS.addPushSubscription)).toEqual([{ body: SUBSCRIPTION_JSON }]);

    const list = within(await view.findByRole('list', { name: 'Appareils qui reçoivent vos notifications' }));
    const item = list.getByRole('listitem');
    expect(item.textContent).toContain('Firefox sur Linux');
    expect(item.textContent).toContain('cet appareil');
    expect(item.textContent).toContain('Ajouté le jeudi 26 novembre 2026');
    // Subscribed: the button gives way to what this device does.
    expect(view.queryByRole('button', { name: 'Recevoir les notifications sur cet appareil' })).toBeNull();
    expect(view.getByText(/Cet appareil reçoit vos notifications/)).toBeTruthy();
  });

  it('lists the person’s devices, each removable; removing this device also ends the browser’s own subscription', async () => {
    const calls = fakeBrowser({ permission: 'granted', subscribed: true });
    const api = accountApi([
      device({ id: 'd1', device: 'Chrome sur Android', createdAt: '2026-11-20T10:00:00.000Z', lastSuccessAt: '2026-11-25T19:45:00.000Z' }),
      device({ id: 'd2', device: 'Safari sur iPhone', createdAt: '2026-10-03T08:00:00.000Z', current: true }),
    ]);
    const { user } = await renderApp({ path: '/account', api, config: { vapidPublicKey: VAPID_PUBLIC_KEY } });
    const view = await section();
    const list = within(await view.findByRole('list', { name: 'Appareils qui reçoivent vos notifications' }));
    const [android, iphone] = list.getAllByRole('listitem');
    expect(android?.textContent).toContain('Chrome sur Android');
    expect(android?.textContent).toContain('Ajouté le vendredi 20 novembre 2026 · dernière notification le mercredi 25 novembre à 20:45');
    expect(android?.textContent).not.toContain('cet appareil');
    expect(iphone?.textContent).toContain('Safari sur iPhonecet appareil');
    expect(iphone?.textContent).toContain('Ajouté le samedi 3 octobre 2026');

    await user.click(list.getByRole('button', { name: 'Retirer Chrome sur Android, ajouté le vendredi 20 novembre 2026' }));
    expect((await view.findByRole('status')).textContent).toBe('Chrome sur Android ne recevra plus de notifications.');
    expect(api.callsOf(OPERATIONS.removePushSubscription)).toEqual([{ path: { id: 'd1' } }]);
    await waitFor(() => expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Safari sur iPhone')]));
    expect(calls.unsubscribed).toBe(0);

    await user.click(list.getByRole('button', { name: 'Retirer Safari sur iPhone (cet appareil), ajouté le samedi 3 octobre 2026' }));
    expect(await view.findByText('Aucun appareil ne reçoit vos notifications pour l’instant.')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.removePushSubscription)).toEqual([{ path: { id: 'd1' } }, { path: { id: 'd2' } }]);
    expect(calls.unsubscribed).toBe(1);
    // This device can subscribe again.
    expect(view.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' })).toBeTruthy();
  });

  it('lists a browser’s FCM token as a device « par Firebase Cloud Messaging »; removing it keeps the browser’s own Web Push subscription (issue 33)', async () => {
    const calls = fakeBrowser({ permission: 'granted', subscribed: true });
    const api = accountApi([
      device({ id: 'fcm:0123456789abcdef0123456789abcdef', device: 'Chrome sur Android', createdAt: '2026-11-20T10:00:00.000Z', current: true }),
      device({ id: 'd2', device: 'Chrome sur Android', createdAt: '2026-11-21T10:00:00.000Z', current: true }),
    ]);
    const { user } = await renderApp({ path: '/account', api, config: { vapidPublicKey: VAPID_PUBLIC_KEY } });
    const view = await section();
    const list = within(await view.findByRole('list', { name: 'Appareils qui reçoivent vos notifications' }));
    const [fcm, webPush] = list.getAllByRole('listitem');
    expect(fcm?.textContent).toContain('Chrome sur Androidpar Firebase Cloud Messagingcet appareil');
    expect(webPush?.textContent).not.toContain('Firebase');

    await user.click(list.getByRole('button', { name: 'Retirer Chrome sur Android (cet appareil), ajouté le vendredi 20 novembre 2026' }));
    expect((await view.findByRole('status')).textContent).toBe('Chrome sur Android ne recevra plus de notifications.');
    expect(api.callsOf(OPERATIONS.removePushSubscription)).toEqual([{ path: { id: 'fcm:0123456789abcdef0123456789abcdef' } }]);
    expect(calls.unsubscribed).toBe(0);
  });

  it('says that iPhone Safari receives notifications only from the home-screen app, and offers no button', async () => {
    fakeBrowser({ webPush: false });
    await renderApp({ path: '/account', api: accountApi(), config: { vapidPublicKey: VAPID_PUBLIC_KEY }, userAgent: USER_AGENTS.iphone });
    const view = await section();
    expect(view.getByText('Ce navigateur ne peut pas recevoir de notifications.')).toBeTruthy();
    expect(view.getByText(/Safari ne les reçoit que depuis Sortie ajoutée à l’écran d’accueil/).textContent).toContain('« Sur l’écran d’accueil »');
    expect(view.queryByRole('button', { name: 'Recevoir les notifications sur cet appareil' })).toBeNull();
  });

  it('tells another browser without Web Push to use a recent one', async () => {
    fakeBrowser({ webPush: false });
    await renderApp({ path: '/account', api: accountApi(), config: { vapidPublicKey: VAPID_PUBLIC_KEY } });
    const view = await section();
    expect(view.getByText('Ce navigateur ne peut pas recevoir de notifications.')).toBeTruthy();
    expect(view.getByText(/navigateur récent/)).toBeTruthy();
    expect(view.queryByText(/écran d’accueil/)).toBeNull();
  });

  it('explains how to allow notifications again once they are blocked, and never prompts', async () => {
    const calls = fakeBrowser({ permission: 'denied' });
    await renderApp({ path: '/account', api: accountApi(), config: { vapidPublicKey: VAPID_PUBLIC_KEY } });
    const view = await section();
    expect(view.getByText('Les notifications de Sortie sont bloquées dans ce navigateur.')).toBeTruthy();
    expect(view.getByText(/passez « Notifications » sur « Autoriser », puis rechargez cette page/)).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Recevoir les notifications sur cet appareil' })).toBeNull();
    expect(calls.prompts).toBe(0);
  });

  it('shows the blocked state when the visitor refuses at the prompt, and posts nothing', async () => {
    const calls = fakeBrowser({ answer: 'denied' });
    const api = accountApi();
    const { user } = await renderApp({ path: '/account', api, config: { vapidPublicKey: VAPID_PUBLIC_KEY } });
    const view = await section();
    await user.click(await view.findByRole('button', { name: 'Recevoir les notifications sur cet appareil' }));
    expect(await view.findByText('Les notifications de Sortie sont bloquées dans ce navigateur.')).toBeTruthy();
    expect(calls.prompts).toBe(1);
    expect(calls.subscribed).toEqual([]);
    expect(api.callsOf(OPERATIONS.addPushSubscription)).toEqual([]);
  });

  it('shows the devices loading, then the server’s error with « Réessayer », which reads them again', async () => {
    fakeBrowser({ permission: 'granted' });
    let answer: () => void = () => undefined;
    let attempts = 0;
    const api = accountApi().serve(OPERATIONS.myPushSubscriptions, async () => {
      attempts += 1;
      if (attempts === 1) {
        await new Promise<void>((resolve) => (answer = resolve));
        throw new ApiError('Service indisponible', { statusCode: 503 });
      }
      return { items: [device({ device: 'Chrome sur Android' })] };
    });
    const { user } = await renderApp({ path: '/account', api, config: { vapidPublicKey: VAPID_PUBLIC_KEY } });
    const view = await section();
    expect(await view.findByText('Chargement de vos appareils…')).toBeTruthy();
    answer();
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toContain('Une erreur est survenue de notre côté. Réessayez dans un instant.');
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    const list = within(await view.findByRole('list', { name: 'Appareils qui reçoivent vos notifications' }));
    expect(list.getByRole('listitem').textContent).toContain('Chrome sur Android');
    expect(view.queryByRole('alert')).toBeNull();
  });

  it('says so when the browser’s push service fails, and lets the visitor try again', async () => {
    const calls = fakeBrowser();
    const api = accountApi();
    const { user } = await renderApp({ path: '/account', api, config: { vapidPublicKey: VAPID_PUBLIC_KEY } });
    const view = await section();
    const ready = (navigator as unknown as { serviceWorker: { ready: Promise<{ pushManager: { subscribe: unknown } }> } }).serviceWorker.ready;
    (await ready).pushManager.subscribe = async () => {
      throw new DOMException('Registration failed - push service error', 'AbortError');
    };
    await user.click(await view.findByRole('button', { name: 'Recevoir les notifications sur cet appareil' }));
    expect((await view.findByRole('alert')).textContent).toBe('Le service de notifications de votre navigateur n’a pas pu inscrire cet appareil. Réessayez dans un instant.');
    expect(api.callsOf(OPERATIONS.addPushSubscription)).toEqual([]);
    expect(calls.prompts).toBe(1);
    expect((view.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
