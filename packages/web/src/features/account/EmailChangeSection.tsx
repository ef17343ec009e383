import { useId, useState, type FormEvent } from 'react';
import { EmailChangeSchema, type CurrentUser } from '@sortie/core';
import { BUTTON_CLASS, FIELD_CLASS, LINK_CLASS } from '../../components/ui';
import { apiErrorMessage } from '../../data/api-error-message';
import { useAccountWrites } from '../../data/account';

/**
 * /account's « Changer d’adresse e-mail »: the new address and the password; the server mails a
 * link to the new address, which becomes the account's (verified) once it is followed.
 */
export function EmailChangeSection({ user }: { user: CurrentUser }) {
  // The address is in the page's header; only its change lives here.
  void user;
  const account = useAccountWrites();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = EmailChangeSchema.safeParse({ email, password });
    if (!parsed.success) {
      setMessage({ ok: false, text: parsed.error.issues[0]?.message ?? 'Adresse invalide.' });
      return;
    }
    setBusy(true);
    try {
      const answer = await account.changeEmail(parsed.data);
      setMessage({ ok: true, text: answer.message });
      setPassword('');
    } catch (error) {
      setMessage({ ok: false, text: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mt-6" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="sr-only">
        Adresse e-mail
      </h2>
      <button type="button" aria-expanded={open} aria-controls={`${ids}-form`} onClick={() => setOpen((value) => !value)} className={`${LINK_CLASS} text-sm`}>
        Changer d’adresse e-mail
      </button>
      {open && (
        <form id={`${ids}-form`} className="mt-3 grid gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
          <label className="block text-sm font-medium">
            Nouvelle adresse
            <input type="email" autoComplete="email" className={FIELD_CLASS} value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label className="block text-sm font-medium">
            Mot de passe actuel
            <input type="password" autoComplete="current-password" className={FIELD_CLASS} value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <p className="text-xs text-muted sm:col-span-2">Un lien part à la nouvelle adresse ; elle devient celle du compte quand vous l’ouvrez.</p>
          <div className="sm:col-span-2">
            <button type="submit" className={BUTTON_CLASS} disabled={busy}>
              {busy ? 'Envoi…' : 'Envoyer le lien de confirmation'}
            </button>
          </div>
        </form>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${message.ok ? 'text-success' : 'text-error'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
