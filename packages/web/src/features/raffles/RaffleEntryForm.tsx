import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { RAFFLE_ENTRY_POLICY_LABELS, raffleEntryStep, SessionService, type RaffleEntryPolicy } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { usePushPrompt, useSignInDialog } from '../../services/ui-context';
import { apiErrorMessage } from '../../data/api-error-message';
import { useRaffleWrites } from '../../data/raffles';
import { BUTTON_CLASS, FIELD_CLASS, LINK_CLASS, Notice } from '../../components/ui';
import { VerifyEmailHint } from '../../components/VerifyEmailHint';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Entering a raffle, as its entry policy allows (core's raffleEntryStep): a verified account in
 * one click; a visitor with a name and an e-mail, counted once the mailed link is followed; or
 * the way to sign in or verify one's e-mail first. The server keeps one entry per person.
 */
export function RaffleEntryForm({ raffleId, policy, onEntered }: { raffleId: string; policy: RaffleEntryPolicy; onEntered: () => void }) {
  const raffles = useRaffleWrites();
  const session = useUseCase(SessionService);
  const signInDialog = useSignInDialog();
  const { user } = useSnapshot(session.state);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const pushPrompt = usePushPrompt();
  // The entry once recorded: its number ('' when the server gave none), and whether it counts yet.
  const [done, setDone] = useState<{ id: string; confirmed: boolean } | null>(null);
  // The session says whether the account's address is proven when it knows; the server decides anyway.
  const emailVerified = (user as { emailVerified?: boolean } | null)?.emailVerified !== false;
  const step = raffleEntryStep(policy, { signedIn: Boolean(user), emailVerified: Boolean(user) && emailVerified });

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
      const entry = await raffles.enter(raffleId, body);
      // An entry waiting for its link says confirmed: false; the server's older answers said nothing and counted.
      const confirmed = (entry as { confirmed?: boolean } | null | undefined)?.confirmed !== false;
      setDone({ id: entry?._id ?? '', confirmed });
      if (confirmed) onEntered();
      // The draw's result on this phone: offered to an account (a device belongs to one), never on a first visit.
      if (confirmed && user) pushPrompt.offer();
    } catch (error) {
      setFailure(apiErrorMessage(error));
    } finally {
      setSending(false);
    }
  };

  if (done && !done.confirmed)
    return (
      <Notice tone="success" role="status">
        <p className="font-semibold">Plus qu’une étape : confirmez votre participation.</p>
        <p className="mt-1 text-sm">
          Nous venons d’envoyer un lien de confirmation à votre adresse e-mail. Ouvrez-le avant la clôture : votre participation ne compte qu’une fois confirmée.
        </p>
      </Notice>
    );

  if (done)
    return (
      <Notice tone="success" role="status">
        <p className="font-semibold">Votre participation est enregistrée. Bonne chance !</p>
        {done.id && (
          <p className="mt-1 text-sm">
            Votre numéro de participation : <span className="font-mono break-all">{done.id}</span>. Notez-le : vous le retrouverez dans la liste publiée à la clôture.
          </p>
        )}
        <p className="mt-1 text-sm text-muted">Les gagnants seront publiés ici après le tirage.</p>
      </Notice>
    );

  if (step === 'sign_in' || step === 'verify_email')
    return (
      <section aria-labelledby="participer" className="mt-4 space-y-3 rounded-2xl bg-surface/60 p-4 ring-1 ring-line sm:p-6">
        <h2 id="participer" className="text-xl font-bold">
          Participer
        </h2>
        <p className="font-semibold">{RAFFLE_ENTRY_POLICY_LABELS.verified}</p>
        {step === 'sign_in' ? (
          <p className="text-sm">
            Une participation par personne, avec un compte dont l’adresse e-mail est vérifiée.{' '}
            <button type="button" className={LINK_CLASS} onClick={() => signInDialog.open('signIn')}>
              Se connecter
            </button>{' '}
            ou{' '}
            <button type="button" className={LINK_CLASS} onClick={() => signInDialog.open('signUp')}>
              créer un compte
            </button>
            .
          </p>
        ) : (
          <VerifyEmailHint then="participer" />
        )}
      </section>
    );

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4 rounded-2xl bg-surface/60 p-4 ring-1 ring-line sm:p-6" aria-labelledby="participer">
      <h2 id="participer" className="text-xl font-bold">
        Participer
      </h2>
      {policy === 'verified' && <p className="font-semibold">{RAFFLE_ENTRY_POLICY_LABELS.verified}</p>}
      {user ? (
        <p>
          Votre participation sera au nom de <strong>{user.displayName}</strong>.
          {step === 'confirm_by_link' && <span className="block text-sm text-muted">{RAFFLE_ENTRY_POLICY_LABELS.emailLink} à l’adresse de votre compte.</span>}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            Une participation par personne. {RAFFLE_ENTRY_POLICY_LABELS.emailLink} : elle ne compte qu’une fois confirmée.{' '}
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
                Il sert à confirmer votre participation et à vous prévenir si vous gagnez ; il n’est jamais publié.
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
