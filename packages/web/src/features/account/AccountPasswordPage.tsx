import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { apiErrorMessage } from '../../data/api-error-message';
import { useAccountWrites } from '../../data/account';
import { SignedInGate } from '../../components/SignedInGate';
import { BUTTON_CLASS, FIELD_CLASS, LINK_CLASS, Notice } from '../../components/ui';
import { NewPasswordFields, readNewPassword } from './PasswordFields';

/** /account/password: the signed-in visitor changes their password; their other sessions end. */
export default function AccountPasswordPage() {
  return (
    <SignedInGate title="Changer mon mot de passe" invitation="Connectez-vous pour changer votre mot de passe.">
      {() => <ChangePassword />}
    </SignedInGate>
  );
}

function ChangePassword() {
  const account = useAccountWrites();
  const currentId = useId();
  const [state, setState] = useState<{ kind: 'idle' | 'saving' } | { kind: 'done' | 'failed'; text: string }>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const next = readNewPassword(form);
    if ('error' in next) return setState({ kind: 'failed', text: next.error });
    setState({ kind: 'saving' });
    try {
      const answer = await account.changePassword({ currentPassword: String(new FormData(form).get('currentPassword') ?? ''), newPassword: next.password });
      form.reset();
      setState({ kind: 'done', text: answer.message });
    } catch (error) {
      setState({ kind: 'failed', text: apiErrorMessage(error) });
    }
  }

  return (
    <section className="mx-auto max-w-md px-4 py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Changer mon mot de passe
      </h1>
      <p className="mt-2 text-muted">Vos autres appareils seront déconnectés ; celui-ci reste connecté.</p>
      <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-4" noValidate>
        <div>
          <label htmlFor={currentId} className="text-sm font-medium">
            Mot de passe actuel
          </label>
          <input id={currentId} name="currentPassword" type="password" required autoComplete="current-password" disabled={state.kind === 'saving'} className={FIELD_CLASS} />
        </div>
        <NewPasswordFields disabled={state.kind === 'saving'} />
        <button type="submit" disabled={state.kind === 'saving'} className={BUTTON_CLASS}>
          {state.kind === 'saving' ? 'Enregistrement…' : 'Changer le mot de passe'}
        </button>
      </form>
      {state.kind === 'failed' && (
        <p role="alert" className="mt-4 rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-error">
          {state.text}
        </p>
      )}
      {state.kind === 'done' && (
        <Notice tone="success" role="status">
          {state.text}
        </Notice>
      )}
      <p className="mt-6 text-sm">
        <Link href="/account/reset" className={LINK_CLASS}>
          Mot de passe actuel oublié ?
        </Link>{' '}
        ·{' '}
        <Link href="/account" className={LINK_CLASS}>
          Retour à mon compte
        </Link>
      </p>
    </section>
  );
}
