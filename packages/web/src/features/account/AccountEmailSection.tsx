import { useState } from 'react';
import { mdiCheckDecagram } from '@mdi/js';
import type { CurrentUser } from '@sortie/core';
import { apiErrorMessage } from '../../data/api-error-message';
import { useAccountWrites } from '../../data/account';
import { Icon } from '../../components/Icon';
import { Notice, SECONDARY_BUTTON_CLASS } from '../../components/ui';

/** Whether the signed-in account's address is proven (GET /api/auth/me says so since issue 22); unknown when it says nothing. */
export const emailVerifiedOf = (user: CurrentUser): boolean | undefined => (user as CurrentUser & { emailVerified?: boolean }).emailVerified;

/** On /account: the address is verified, or a reminder to open the mailed link and a button to get another. */
export function AccountEmailSection({ user }: { user: CurrentUser }) {
  const account = useAccountWrites();
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'sending' } | { kind: 'done' | 'failed'; text: string }>({ kind: 'idle' });
  const verified = emailVerifiedOf(user);
  if (verified === undefined) return null;
  if (verified) {
    return (
      <p className="mt-4 flex items-center gap-2 text-sm text-muted">
        <Icon path={mdiCheckDecagram} size={18} className="text-accent" /> Adresse e-mail vérifiée
      </p>
    );
  }

  async function resend() {
    setState({ kind: 'sending' });
    try {
      const answer = await account.resendEmailVerification();
      setState({ kind: 'done', text: answer.message });
    } catch (error) {
      setState({ kind: 'failed', text: apiErrorMessage(error) });
    }
  }

  return (
    <section aria-labelledby="account-email-title">
      <Notice tone="warning">
        <h2 id="account-email-title" className="font-semibold">
          Votre adresse e-mail n’est pas encore vérifiée
        </h2>
        <p className="mt-1 text-sm">
          Ouvrez le lien que nous avons envoyé à <strong>{user.email}</strong>. D’ici là, vous pouvez tout parcourir, aimer et suivre, mais certaines tombolas et
          certains formulaires vous restent fermés.
        </p>
        <button type="button" onClick={() => void resend()} disabled={state.kind === 'sending'} className={`mt-3 ${SECONDARY_BUTTON_CLASS}`}>
          {state.kind === 'sending' ? 'Envoi…' : 'Renvoyer le lien'}
        </button>
        {(state.kind === 'done' || state.kind === 'failed') && (
          <p role={state.kind === 'failed' ? 'alert' : 'status'} className={`mt-2 text-sm ${state.kind === 'failed' ? 'text-error' : ''}`}>
            {state.text}
          </p>
        )}
      </Notice>
    </section>
  );
}
