import { useState, useSyncExternalStore } from 'react';
import { mdiBellRingOutline } from '@mdi/js';
import { NavigatorPort, platformOf, PushSubscriptionInputSchema, type PushDevice } from '@sortie/core';
import { useMyPushDevices, usePushWrites } from '../../data/push';
import { EmptyState, ErrorNotice, Skeleton } from '../../data/QueryView';
import { apiErrorMessage } from '../../data/api-error-message';
import { formatDate, formatDateTime } from '../../format';
import { Icon } from '../../components/Icon';
import { BUTTON_CLASS, Notice, SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { useRuntimeConfig, useUseCase } from '../../services/container-context';
import { PushBrowserError, readPushSupport, subscribeThisDevice, unsubscribeThisDevice, type PushSupport } from '../../services/web-push';

const noChange = () => () => undefined;
/** The server knows nothing of the browser: the first render (hydration included) waits for it. */
const unknownOnServer = () => null;

/** An FCM device token the browser's Firebase messaging registered at sign-in (its id is 'fcm:' and the token's md5), not a Web Push subscription. */
const isFcmDevice = (device: PushDevice) => device.id.startsWith('fcm:');

/** Why a click did not subscribe this device, in French. */
function failureMessage(failure: unknown): string {
  return failure instanceof PushBrowserError ? failure.message : apiErrorMessage(failure);
}

/**
 * On /account, « Notifications sur cet appareil » (issue 33): this browser subscribes to Web Push
 * (after the browser's own prompt, from the visitor's click), and every device receiving the
 * person's notifications is listed, each removable. What the browser cannot do is said plainly:
 * no Web Push (iPhone Safari outside the home-screen app), or notifications blocked for the site.
 */
export function DevicePushSection() {
  const { vapidPublicKey } = useRuntimeConfig();
  const userAgent = useUseCase(NavigatorPort).userAgent();
  const browserSupport = useSyncExternalStore(noChange, readPushSupport, unknownOnServer);
  // The answer to the prompt, once asked (the browser tells no one when it changes).
  const [answered, setAnswered] = useState<PushSupport | null>(null);
  const support = answered ?? browserSupport;
  const devices = useMyPushDevices();
  const writes = usePushWrites();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const thisDevice = devices.data?.items.find((device) => device.current);

  async function enable() {
    if (!vapidPublicKey) return;
    setBusy('enable');
    setError(null);
    setStatus(null);
    try {
      const outcome = await subscribeThisDevice(vapidPublicKey);
      if (outcome.kind === 'refused') {
        setAnswered(outcome.permission);
        if (outcome.permission === 'default') setStatus('Vous n’avez pas répondu à la demande du navigateur : aucune notification n’arrivera sur cet appareil. Vous pouvez réessayer quand vous voulez.');
        return;
      }
      const subscription = PushSubscriptionInputSchema.safeParse(outcome.subscription);
      if (!subscription.success) throw new PushBrowserError('Votre navigateur a donné un abonnement aux notifications illisible : cet appareil ne peut pas en recevoir.');
      await writes.addDevice(subscription.data);
      setAnswered('granted');
      setStatus('C’est fait : les notifications de Sortie arriveront sur cet appareil, même quand le site est fermé.');
      devices.reload();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  async function remove(device: PushDevice) {
    setBusy(device.id);
    setError(null);
    setStatus(null);
    try {
      await writes.removeDevice(device.id);
      // An FCM token is Firebase's: the browser's own Web Push subscription (if any) stays.
      if (device.current && !isFcmDevice(device)) await unsubscribeThisDevice();
      setStatus(`${device.device} ne recevra plus de notifications.`);
      devices.reload();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="account-device-push-title" className="mt-10">
      <h2 id="account-device-push-title" className="text-xl font-bold">
        Notifications sur cet appareil
      </h2>
      <p className="mt-2 text-sm text-muted">
        Vos rappels d’événements, vos matchs et vos badges arrivent aussi quand Sortie est fermée, comme les notifications d’une application. Les types de notifications se choisissent plus haut.
      </p>

      <ThisDevice
        support={support}
        serverKey={vapidPublicKey !== null}
        ios={platformOf(userAgent) === 'ios'}
        subscribed={Boolean(thisDevice)}
        busy={busy}
        onEnable={() => void enable()}
      />

      {status && (
        <p role="status" className="mt-3 text-sm">
          {status}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-error">
          {error}
        </p>
      )}

      <h3 className="mt-6 font-semibold">Appareils qui reçoivent vos notifications</h3>
      {devices.status === 'error' ? (
        <ErrorNotice error={devices.error} onRetry={devices.reload} />
      ) : !devices.data ? (
        <Skeleton lines={2} label="Chargement de vos appareils…" />
      ) : devices.data.items.length === 0 ? (
        <div className="mt-3">
          <EmptyState>Aucun appareil ne reçoit vos notifications pour l’instant.</EmptyState>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-xl bg-surface ring-1 ring-line" aria-label="Appareils qui reçoivent vos notifications">
          {devices.data.items.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold">
                  {device.device}
                  {isFcmDevice(device) && <span className="ml-2 text-xs font-normal text-muted">par Firebase Cloud Messaging</span>}
                  {device.current && <span className="ml-2 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">cet appareil</span>}
                </p>
                <p className="text-xs text-muted">
                  Ajouté le {formatDate(device.createdAt)}
                  {device.lastSuccessAt && ` · dernière notification le ${formatDateTime(device.lastSuccessAt)}`}
                </p>
              </div>
              <button
                type="button"
                onClick={() => void remove(device)}
                disabled={busy !== null}
                className={SECONDARY_BUTTON_CLASS}
                aria-label={`Retirer ${device.device}${device.current ? ' (cet appareil)' : ''}, ajouté le ${formatDate(device.createdAt)}`}
              >
                {busy === device.id ? 'Retrait…' : 'Retirer'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** This browser: what it can do, and the button that subscribes it. */
function ThisDevice({ support, serverKey, ios, subscribed, busy, onEnable }: { support: PushSupport | null; serverKey: boolean; ios: boolean; subscribed: boolean; busy: string | null; onEnable: () => void }) {
  if (support === null) return <Skeleton lines={1} label="Vérification de ce navigateur…" />;
  if (support === 'unsupported') {
    return (
      <Notice tone="warning">
        <p className="font-semibold">Ce navigateur ne peut pas recevoir de notifications.</p>
        <p className="mt-1 text-sm">
          {ios
            ? 'Sur iPhone et iPad, Safari ne les reçoit que depuis Sortie ajoutée à l’écran d’accueil (iOS 16.4 ou plus récent) : touchez le bouton Partager, puis « Sur l’écran d’accueil », ouvrez Sortie depuis cette icône et revenez sur cette page.'
            : 'Ouvrez Sortie dans un navigateur récent (Chrome, Firefox, Edge ou Safari à jour) pour les recevoir sur cet appareil. Vos notifications restent dans l’app et par e-mail selon vos préférences.'}
        </p>
      </Notice>
    );
  }
  if (!serverKey) {
    return (
      <Notice>
        <p>Les notifications sur les appareils ne sont pas disponibles sur ce site pour l’instant. Vous les retrouvez dans l’app et par e-mail.</p>
      </Notice>
    );
  }
  if (support === 'denied') {
    return (
      <Notice tone="warning">
        <p className="font-semibold">Les notifications de Sortie sont bloquées dans ce navigateur.</p>
        <p className="mt-1 text-sm">
          Pour les autoriser de nouveau : touchez ou cliquez l’icône à gauche de l’adresse du site (le cadenas ou les réglages), passez « Notifications » sur « Autoriser », puis rechargez cette page. Sur Android, c’est aussi dans Paramètres › Applications › votre navigateur › Notifications.
        </p>
      </Notice>
    );
  }
  if (subscribed && support === 'granted') {
    return (
      <p className="mt-4 inline-flex items-center gap-2 text-sm">
        <Icon path={mdiBellRingOutline} size={18} className="text-accent" /> Cet appareil reçoit vos notifications.
      </p>
    );
  }
  return (
    <button type="button" onClick={onEnable} disabled={busy !== null} className={`mt-4 ${BUTTON_CLASS}`}>
      <Icon path={mdiBellRingOutline} size={20} /> {busy === 'enable' ? 'Activation…' : 'Recevoir les notifications sur cet appareil'}
    </button>
  );
}
