import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { mdiApple, mdiClose, mdiEmailOutline, mdiGoogle } from '@mdi/js';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { AuthError, LoggerPort, PASSWORD_MIN_LENGTH, SignIn, ValidationError, statusOf } from '@sortie/core';
import { useRuntimeConfig, useUseCase } from '../services/container-context';
import { useSignInDialog } from '../services/ui-context';
import { Icon } from './Icon';

type Provider = 'google' | 'apple' | 'password';

const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', apple: 'Apple', password: 'e-mail et mot de passe' };

/** Why a method is greyed out: the server's runtime config does not offer it. */
function disabledReason(provider: Provider): string {
  return `La connexion avec ${PROVIDER_NAMES[provider]} n’est pas activée sur ce serveur. Choisissez une autre méthode.`;
}

/**
 * Codes of the identity adapters' sign-in failures (@sortie/adapters' AUTH_FAILURES), whose
 * messages are already French and meant for the visitor.
 */
const VISITOR_FACING_AUTH_CODES = new Set([
  'INVALID_CREDENTIALS',
  'EMAIL_ALREADY_IN_USE',
  'WEAK_PASSWORD',
  'INVALID_EMAIL',
  'POPUP_CLOSED',
  'POPUP_BLOCKED',
  'TOO_MANY_REQUESTS',
  'USER_DISABLED',
  'ACCOUNT_EXISTS_WITH_OTHER_PROVIDER',
  'PROVIDER_DISABLED',
  'NOT_CONFIGURED',
  'AUTH_FAILED',
  // The server refuses to link a provider's unproven address to an existing account (issue 22): its message says what to do.
  'EMAIL_NOT_VERIFIED',
]);

/** A French message for a failed sign-in (SPEC.md §8 leaves the wording to us). */
export function signInErrorMessage(error: unknown, mode: 'signIn' | 'signUp'): string {
  if (error instanceof ValidationError && error.issues.length > 0) return error.issues.map((issue) => issue.message).join(' ');
  if (error instanceof AuthError && VISITOR_FACING_AUTH_CODES.has(error.code)) return error.message;
  const status = statusOf(error);
  if (status === 0) return 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.';
  if (status === 409) return 'Un compte existe déjà avec cette adresse e-mail. Connectez-vous plutôt.';
  if (error instanceof AuthError || status === 401 || status === 403) {
    return mode === 'signUp' ? 'La création du compte a été refusée.' : 'Adresse e-mail ou mot de passe incorrect.';
  }
  if (status === 429) return 'Trop de tentatives. Patientez quelques minutes avant de réessayer.';
  return mode === 'signUp' ? 'La création du compte a échoué. Réessayez dans un instant.' : 'La connexion a échoué. Réessayez dans un instant.';
}

/** Sign-in and account creation: Google, Apple, e-mail and password (SPEC.md §4). */
export default function SignInDialog() {
  const dialog = useSignInDialog();
  const { open, mode } = useSnapshot(dialog.state);
  const { signInMethods, identityProvider } = useRuntimeConfig();
  const signIn = useUseCase(SignIn);
  const logger = useUseCase(LoggerPort);
  const [busy, setBusy] = useState<Provider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), name: useId(), error: useId(), google: useId(), apple: useId(), passwordOff: useId() };
  const signUp = mode === 'signUp';
  // Set on each control as well as the fieldset, so that every control reports it.
  const formDisabled = !signInMethods.password || busy !== null;

  const close = () => {
    setError(null);
    dialog.close();
  };

  /** SPEC.md §7: a push failure is only logged; the visitor is signed in all the same. */
  async function signInWithGoogle() {
    const outcome = await signIn.google();
    if (outcome.kind === 'signed-in-without-push') logger.error('Push token could not be obtained', outcome.cause);
  }

  async function attempt(provider: Provider, action: () => Promise<unknown>) {
    setBusy(provider);
    setError(null);
    try {
      await action();
      dialog.close();
    } catch (failure) {
      setError(signInErrorMessage(failure, mode));
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '');
    const password = String(data.get('password') ?? '');
    const displayName = String(data.get('displayName') ?? '').trim();
    void attempt('password', () =>
      signUp ? signIn.createAccount({ email, password, ...(displayName ? { displayName } : {}) }) : signIn.email({ email, password }),
    );
  }

  const providerButton = (provider: 'google' | 'apple', icon: string, reasonId: string) => {
    const enabled = signInMethods[provider];
    return (
      <div>
        <button
          type="button"
          disabled={!enabled || busy !== null}
          aria-describedby={enabled ? undefined : reasonId}
          onClick={() => void attempt(provider, () => (provider === 'google' ? signInWithGoogle() : signIn.apple()))}
          className="flex w-full items-center justify-center gap-3 rounded-lg border border-line bg-white/5 px-4 py-2.5 font-semibold hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Icon path={icon} size={20} />
          {busy === provider ? 'Connexion…' : `Continuer avec ${PROVIDER_NAMES[provider]}`}
        </button>
        {!enabled && (
          <p id={reasonId} className="mt-1 text-xs text-muted">
            {disabledReason(provider)}
          </p>
        )}
      </div>
    );
  };

  const inputClass =
    'mt-1 block w-full rounded-lg border border-line bg-background px-3 py-2 text-white placeholder:text-white/40 focus:border-accent focus:outline-none disabled:opacity-50';

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center sm:p-4">
        <DialogPanel className="max-h-[95dvh] w-full max-w-md overflow-y-auto rounded-2xl bg-surface p-5 shadow-2xl ring-1 ring-line sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <DialogTitle className="text-xl font-bold">{signUp ? 'Créer un compte' : 'Se connecter'}</DialogTitle>
            <button type="button" onClick={close} className="rounded-full p-1 text-muted hover:bg-white/10 hover:text-white">
              <Icon path={mdiClose} size={22} label="Fermer" />
            </button>
          </div>
          <p className="mt-1 text-sm text-muted">
            {signUp
              ? 'Suivez vos lieux favoris, aimez des événements et recevez des notifications.'
              : 'Retrouvez vos favoris, vos badges et vos notifications.'}
          </p>

          <div className="mt-5 space-y-3">
            {providerButton('google', mdiGoogle, ids.google)}
            {providerButton('apple', mdiApple, ids.apple)}
          </div>

          <div className="my-5 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" /> ou <span className="h-px flex-1 bg-line" />
          </div>

          <form onSubmit={submit} noValidate={false} aria-describedby={error ? ids.error : undefined}>
            <fieldset disabled={formDisabled} aria-describedby={signInMethods.password ? undefined : ids.passwordOff} className="space-y-3">
              <legend className="sr-only">{signUp ? 'Créer un compte avec une adresse e-mail' : 'Connexion par e-mail'}</legend>
              {!signInMethods.password && (
                <p id={ids.passwordOff} className="text-xs text-muted">
                  {disabledReason('password')}
                </p>
              )}
              {signUp && (
                <div>
                  <label htmlFor={ids.name} className="text-sm font-medium">
                    Nom affiché <span className="text-muted">(facultatif)</span>
                  </label>
                  <input id={ids.name} name="displayName" disabled={formDisabled} autoComplete="nickname" maxLength={80} className={inputClass} />
                </div>
              )}
              <div>
                <label htmlFor={ids.email} className="text-sm font-medium">
                  Adresse e-mail
                </label>
                <input id={ids.email} name="email" disabled={formDisabled} type="email" required autoComplete="email" inputMode="email" className={inputClass} />
              </div>
              <div>
                <label htmlFor={ids.password} className="text-sm font-medium">
                  Mot de passe
                </label>
                <input
                  id={ids.password}
                  name="password"
                  disabled={formDisabled}
                  type="password"
                  required
                  minLength={PASSWORD_MIN_LENGTH}
                  autoComplete={signUp ? 'new-password' : 'current-password'}
                  className={inputClass}
                />
                {signUp && <p className="mt-1 text-xs text-muted">Au moins {PASSWORD_MIN_LENGTH} caractères.</p>}
                {!signUp && identityProvider === 'local' && (
                  <Link href="/account/reset" onClick={close} className="mt-1 inline-block text-xs font-semibold text-accent underline-offset-2 hover:underline">
                    Mot de passe oublié ?
                  </Link>
                )}
              </div>
              <button
                type="submit"
                disabled={formDisabled}
                className="flex w-full items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2.5 font-semibold text-background hover:bg-primary/90 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <Icon path={mdiEmailOutline} size={20} />
                {busy === 'password' ? 'Un instant…' : signUp ? 'Créer mon compte' : 'Se connecter'}
              </button>
            </fieldset>
          </form>

          {error && (
            <p id={ids.error} role="alert" className="mt-4 rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-error">
              {error}
            </p>
          )}

          <p className="mt-5 text-center text-sm text-muted">
            {signUp ? 'Déjà un compte ?' : 'Pas encore de compte ?'}{' '}
            <button
              type="button"
              onClick={() => {
                setError(null);
                dialog.switchTo(signUp ? 'signIn' : 'signUp');
              }}
              className="font-semibold text-accent underline-offset-2 hover:underline"
            >
              {signUp ? 'Se connecter' : 'Créer un compte'}
            </button>
          </p>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
