import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { OPERATION_ROUTES, ProductApiPort, SessionService } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useSignInDialog } from '../../services/ui-context';
import { apiErrorMessage } from '../../data/api-error-message';
import { BUTTON_CLASS, FIELD_CLASS, LINK_CLASS, Notice } from '../../components/ui';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Entering a raffle: signed in with one click, or with a name and an e-mail. The server keeps one entry per person. */
export function RaffleEntryForm({ raffleId, onEntered }: { raffleId: string; onEntered: () => void }) {
  const api = useUseCase(ProductApiPort);
  const session = useUseCase(SessionService);
  const signInDialog = useSignInDialog();
  const { user } = useSnapshot(session.state);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The entry's number once recorded ('' when the server gave none): the participant finds it in the list frozen at the close.
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = user ? { name: user.displayName || 'Participant' } : { name: name.trim(), email: email.trim() };
    if (!user) {
      const found: typeof errors = {};
      if (!body.name) found.name = 'Indiquez votre nom.';
      if (!EMAIL.test(email.trim())) found.email = email.trim() ? 'Adresse e-mail invalide.' : 'Indiquez votre e-mail pour participer.';
      setErrors(found);
      if (Object.keys(found).length) return;
    }
    setSending(true);
    try {
      const entry = await api.call(OPERATION_ROUTES.enterRaffle, { path: { id: raffleId }, body });
      setDone(entry?._id ?? '');
      onEntered();
    } catch (error) {
      setFailure(apiErrorMessage(error));
    } finally {
      setSending(false);
    }
  };

  if (done !== null)
    return (
      <Notice tone="success" role="status">
        <p className="font-semibold">Votre participation est enregistrée. Bonne chance !</p>
        {done && (
          <p className="mt-1 text-sm">
            Votre numéro de participation : <span className="font-mono break-all">{done}</span>. Notez-le : vous le retrouverez dans la liste publiée à la clôture.
          </p>
        )}
        <p className="mt-1 text-sm text-muted">Les gagnants seront publiés ici après le tirage.</p>
      </Notice>
    );

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4 rounded-2xl bg-surface/60 p-4 ring-1 ring-line sm:p-6" aria-labelledby="participer">
      <h2 id="participer" className="text-xl font-bold">
        Participer
      </h2>
      {user ? (
        <p>
          Vous participez en tant que <strong>{user.displayName}</strong>.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            Une participation par personne.{' '}
            <button type="button" className={LINK_CLASS} onClick={() => signInDialog.open('signIn')}>
              Se connecter
            </button>{' '}
            pour participer sans saisir son e-mail.
          </p>
          <div>
            <label htmlFor="tombola-nom" className="font-medium">
              Votre nom
            </label>
            <input id="tombola-nom" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'tombola-nom-erreur' : undefined} className={FIELD_CLASS} />
            {errors.name && (
              <p id="tombola-nom-erreur" className="mt-1 text-sm text-error">
                {errors.name}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="tombola-email" className="font-medium">
              Votre e-mail
            </label>
            <input id="tombola-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? 'tombola-email-erreur' : 'tombola-email-aide'} className={FIELD_CLASS} />
            {errors.email ? (
              <p id="tombola-email-erreur" className="mt-1 text-sm text-error">
                {errors.email}
              </p>
            ) : (
              <p id="tombola-email-aide" className="mt-1 text-sm text-muted">
                Il sert seulement à vous prévenir si vous gagnez ; il n’est jamais publié.
              </p>
            )}
          </div>
        </>
      )}
      {failure && (
        <p role="alert" className="rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
          {failure}
        </p>
      )}
      <button type="submit" className={BUTTON_CLASS} disabled={sending}>
        {sending ? 'Envoi…' : 'Je participe'}
      </button>
    </form>
  );
}
