import { useId, useState, type FormEvent } from 'react';
import { EmailChangeSchema, OPERATION_ROUTES, ProductApiPort, type CurrentUser } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { apiErrorMessage } from '../../data/api-error-message';

const inputClass = 'mt-1 w-full rounded-lg border border-line bg-background px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary';
const buttonClass = 'rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50';

/**
 * /account's « Changer d’adresse e-mail »: the new address and the password; the server mails a
 * link to the new address, which becomes the account's (verified) once it is followed.
 */
export function EmailChangeSection({ user }: { user: CurrentUser }) {
  // The address is in the page's header; only its change lives here.
  void user;
  const api = useUseCase(ProductApiPort);
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
      const answer = await api.call(OPERATION_ROUTES.changeEmail, { body: parsed.data });
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
      <button type="button" aria-expanded={open} aria-controls={`${ids}-form`} onClick={() => setOpen((value) => !value)} className="text-sm font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-primary">
        Changer d’adresse e-mail
      </button>
      {open && (
        <form id={`${ids}-form`} className="mt-3 grid gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
          <label className="block text-sm font-medium">
            Nouvelle adresse
            <input type="email" autoComplete="email" className={inputClass} value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label className="block text-sm font-medium">
            Mot de passe actuel
            <input type="password" autoComplete="current-password" className={inputClass} value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <p className="text-xs text-muted sm:col-span-2">Un lien part à la nouvelle adresse ; elle devient celle du compte quand vous l’ouvrez.</p>
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass} disabled={busy}>
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
