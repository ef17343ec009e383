import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { SessionService } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useSignInDialog } from '../../services/ui-context';
import { apiErrorMessage } from '../../data/api-error-message';
import { useAccountWrites } from '../../data/account';
import { useSearchParam } from '../../components/useSearchParam';
import { BUTTON_CLASS, FIELD_CLASS, LINK_CLASS, Notice, PageFrame } from '../../components/ui';
import { NewPasswordFields, readNewPassword } from './PasswordFields';

type State = { kind: 'idle' | 'sending' } | { kind: 'done' | 'failed'; text: string };

/**
 * /account/reset: without a token, « Mot de passe oublié ? » — the address to mail a link to;
 * with the mailed link's token, the new password (every session of the account then ends).
 */
export default function PasswordResetPage() {
  const [token] = useSearchParam('token');
  return token ? <ChooseNewPassword token={token} /> : <RequestLink />;
}

function Failure({ text }: { text: string }) {
  return (
    <p role="alert" className="mt-4 rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-error">
      {text}
    </p>
  );
}

function RequestLink() {
  const account = useAccountWrites();
  const emailId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) return setState({ kind: 'failed', text: 'Indiquez l’adresse e-mail de votre compte.' });
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'done', text: (await account.requestPasswordReset(email)).message });
    } catch (error) {
      setState({ kind: 'failed', text: apiErrorMessage(error) });
    }
  }

  return (
    <PageFrame title="Mot de passe oublié" lead="Indiquez l’adresse e-mail de votre compte : nous y enverrons un lien pour choisir un nouveau mot de passe.">
      {state.kind === 'done' ? (
        <Notice tone="success" role="status">
          {state.text}
        </Notice>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="mt-6 max-w-md space-y-4" noValidate>
          <div>
            <label htmlFor={emailId} className="text-sm font-medium">
              Adresse e-mail
            </label>
            <input id={emailId} name="email" type="email" required autoComplete="email" inputMode="email" disabled={state.kind === 'sending'} className={FIELD_CLASS} />
          </div>
          <button type="submit" disabled={state.kind === 'sending'} className={BUTTON_CLASS}>
            {state.kind === 'sending' ? 'Envoi…' : 'Recevoir le lien'}
          </button>
        </form>
      )}
      {state.kind === 'failed' && <Failure text={state.text} />}
    </PageFrame>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const account = useAccountWrites();
  const session = useUseCase(SessionService);
  const signInDialog = useSignInDialog();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = readNewPassword(event.currentTarget);
    if ('error' in next) return setState({ kind: 'failed', text: next.error });
    setState({ kind: 'sending' });
    try {
      const answer = await account.confirmPasswordReset({ token, password: next.password });
      setState({ kind: 'done', text: answer.message });
      // Every session of the account is closed, this browser's too if it had one.
      void session.reload().catch(() => undefined);
    } catch (error) {
      setState({ kind: 'failed', text: apiErrorMessage(error) });
    }
  }

  return (
    <PageFrame title="Choisir un nouveau mot de passe">
      {state.kind === 'done' ? (
        <>
          <Notice tone="success" role="status">
            {state.text}
          </Notice>
          <button type="button" onClick={() => signInDialog.open('signIn')} className={`mt-4 ${BUTTON_CLASS}`}>
            Se connecter
          </button>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="mt-6 max-w-md space-y-4" noValidate>
          <NewPasswordFields disabled={state.kind === 'sending'} />
          <button type="submit" disabled={state.kind === 'sending'} className={BUTTON_CLASS}>
            {state.kind === 'sending' ? 'Enregistrement…' : 'Enregistrer le mot de passe'}
          </button>
        </form>
      )}
      {state.kind === 'failed' && (
        <>
          <Failure text={state.text} />
          <p className="mt-3 text-sm">
            <Link href="/account/reset" className={LINK_CLASS}>
              Demander un nouveau lien
            </Link>
          </p>
        </>
      )}
    </PageFrame>
  );
}
