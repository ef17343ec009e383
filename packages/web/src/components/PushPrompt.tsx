import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { PushSubscriptionInputSchema } from '@sortie/core';
import { usePushWrites } from '../data/push';
import { apiErrorMessage } from '../data/api-error-message';
import { useRuntimeConfig } from '../services/container-context';
import { usePushPrompt } from '../services/ui-context';
import type { PushPromptReason } from '../state/push-prompt.store';
import { PushBrowserError, subscribeThisDevice } from '../services/web-push';
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './ui';

/** The offer's words for what the visitor just did (PushPromptReason), and what it says once done. */
const WORDS = {
  reminder: {
    title: 'Recevoir un rappel le jour J ?',
    text: 'Sortie peut vous prévenir sur ce téléphone la veille et une heure avant ce que vous aimez, même le site fermé. Votre navigateur vous demandera ensuite son accord.',
    done: 'C’est fait : vos rappels arriveront sur cet appareil. Vous choisissez quoi recevoir dans « Mon compte ».',
  },
  tournament: {
    title: 'Être prévenu quand votre match est appelé ?',
    text: 'Sortie peut vous dire sur ce téléphone quand votre prochain match est prêt, et à quelle table, même le téléphone en poche. Votre navigateur vous demandera ensuite son accord.',
    done: 'C’est fait : l’appel de vos matchs arrivera sur cet appareil. Vous choisissez quoi recevoir dans « Mon compte ».',
  },
  blindTest: {
    title: 'Être prévenu du prochain blind test ?',
    text: 'Sortie peut vous prévenir sur ce téléphone quand un blind test va commencer dans un lieu que vous suivez, même le site fermé. Votre navigateur vous demandera ensuite son accord.',
    done: 'C’est fait : les prochains blind tests de vos lieux arriveront sur cet appareil. Vous choisissez quoi recevoir dans « Mon compte ».',
  },
} as const satisfies Record<PushPromptReason, { title: string; text: string; done: string }>;

/**
 * « Recevoir un rappel le jour J ? » (issue 33): a French explanation first, then, on « Oui »,
 * the browser's own prompt and this phone's subscription. Offered by PushPromptStore after a like,
 * a follow, a raffle entry, a tournament registration or joining a blind test (in its words);
 * never a modal: the page stays usable beside it.
 */
export default function PushPrompt() {
  const prompt = usePushPrompt();
  const { open, reason } = useSnapshot(prompt.state);
  const words = WORDS[reason];
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
      setMessage({ ok: true, text: words.done });
    } catch (failure) {
      setMessage({ ok: false, text: failure instanceof PushBrowserError ? failure.message : apiErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section role="dialog" aria-labelledby="push-prompt-title" className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl border border-line bg-surface p-4 shadow-lg">
      <h2 id="push-prompt-title" className="font-semibold">
        {words.title}
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
          <p className="mt-1 text-sm text-muted">{words.text}</p>
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
