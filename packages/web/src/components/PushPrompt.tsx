import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { PushSubscriptionInputSchema } from '@sortie/core';
import { usePushWrites } from '../data/push';
import { apiErrorMessage } from '../data/api-error-message';
import { useRuntimeConfig } from '../services/container-context';
import { usePushPrompt } from '../services/ui-context';
import { PushBrowserError, subscribeThisDevice } from '../services/web-push';
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './ui';

/**
 * « Recevoir un rappel le jour J ? » (issue 33): a French explanation first, then, on « Oui »,
 * the browser's own prompt and this phone's subscription. Offered by PushPromptStore after a like,
 * a follow or a raffle entry; never a modal: the page stays usable beside it.
 */
export default function PushPrompt() {
  const prompt = usePushPrompt();
  const { open } = useSnapshot(prompt.state);
  const { vapidPublicKey } = useRuntimeConfig();
  const writes = usePushWrites();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!open || !vapidPublicKey) return null;

  async function accept() {
    if (!vapidPublicKey) return;
    setBusy(true);
    setMessage(null);
    try {
      const outcome = await subscribeThisDevice(vapidPublicKey);
      if (outcome.kind === 'refused') {
        prompt.dismiss();
        return;
      }
      const subscription = PushSubscriptionInputSchema.safeParse(outcome.subscription);
      if (!subscription.success) throw new PushBrowserError('Votre navigateur a donné un abonnement aux notifications illisible : cet appareil ne peut pas en recevoir.');
      await writes.addDevice(subscription.data);
      setMessage({ ok: true, text: 'C’est fait : vos rappels arriveront sur cet appareil. Vous choisissez quoi recevoir dans « Mon compte ».' });
    } catch (failure) {
      setMessage({ ok: false, text: failure instanceof PushBrowserError ? failure.message : apiErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section role="dialog" aria-labelledby="push-prompt-title" className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl border border-line bg-surface p-4 shadow-lg">
      <h2 id="push-prompt-title" className="font-semibold">
        Recevoir un rappel le jour J ?
      </h2>
      {message?.ok ? (
        <>
          <p role="status" className="mt-1 text-sm">
            {message.text}
          </p>
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} mt-3`} onClick={() => prompt.close()}>
            Fermer
          </button>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">Sortie peut vous prévenir sur ce téléphone la veille et une heure avant ce que vous aimez, même le site fermé. Votre navigateur vous demandera ensuite son accord.</p>
          {message && (
            <p role="alert" className="mt-2 text-sm text-error">
              {message.text}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={BUTTON_CLASS} disabled={busy} onClick={() => void accept()}>
              {busy ? 'Un instant…' : 'Oui, me prévenir'}
            </button>
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={() => prompt.dismiss()}>
              Plus tard
            </button>
          </div>
        </>
      )}
    </section>
  );
}
