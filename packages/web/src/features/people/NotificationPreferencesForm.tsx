import { useState } from 'react';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationPreferences } from '@sortie/core';
import { useAccountWrites, useNotificationPreferences } from '../../data/account';
import { QueryView } from '../../data/QueryView';
import { apiErrorMessage } from '../../data/api-error-message';

const CHANNELS = [
  { key: 'inApp', label: 'Dans l’application' },
  { key: 'push', label: 'Sur ce téléphone' },
  { key: 'email', label: 'Par e-mail' },
] as const;

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const account = useAccountWrites();
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function save() {
    setSaving(true);
    setMessage(null);
    try {
      setDraft(await account.updateNotificationPreferences(draft));
      setMessage({ ok: true, text: 'Vos préférences sont enregistrées.' });
    } catch (e) {
      setMessage({ ok: false, text: apiErrorMessage(e) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="space-y-3"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Ce que je reçois, et comment</caption>
        <thead className="text-xs text-muted uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">Notification</th>
            {CHANNELS.map((channel) => (
              <th key={channel.key} scope="col" className="py-2 px-2 text-center">
                {channel.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind} className="border-t border-line">
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="font-semibold">{NOTIFICATION_KIND_LABELS[kind].label}</span>
                <span className="block text-xs text-muted">{NOTIFICATION_KIND_LABELS[kind].hint}</span>
              </th>
              {CHANNELS.map((channel) => (
                <td key={channel.key} className="py-2 px-2 text-center">
                  <input
                    type="checkbox"
                    aria-label={`${NOTIFICATION_KIND_LABELS[kind].label} : ${channel.label.toLowerCase()}`}
                    checked={draft[kind][channel.key]}
                    onChange={(e) => setDraft({ ...draft, [kind]: { ...draft[kind], [channel.key]: e.target.checked } })}
                    className="size-4 accent-primary"
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={saving} className="rounded-full bg-primary px-5 py-2 font-semibold text-background disabled:opacity-60">
          {saving ? 'Enregistrement…' : 'Enregistrer'}
        </button>
        {message && (
          <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-accent' : 'text-error'}`}>
            {message.text}
          </p>
        )}
      </div>
      <p className="text-xs text-muted">Chaque e-mail contient un lien pour se désabonner en un clic.</p>
    </form>
  );
}

/** /account's section: per kind, in the app and by e-mail. */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  return (
    <section aria-labelledby="preferences-title" className="mt-8 rounded-2xl bg-surface p-5 ring-1 ring-line">
      <h2 id="preferences-title" className="text-lg font-semibold">
        Mes notifications
      </h2>
      <QueryView query={preferences}>{(initial: NotificationPreferences) => <PreferencesForm initial={initial} />}</QueryView>
    </section>
  );
}
