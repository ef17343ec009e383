import { useState } from 'react';
import { Link } from 'wouter';
import { SessionService } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { apiErrorMessage } from '../../data/api-error-message';
import { useAccountWrites } from '../../data/account';
import { useSearchParam } from '../../components/useSearchParam';
import { useRunOnce } from '../../components/useRunOnce';
import { LINK_CLASS, Notice, PageFrame } from '../../components/ui';
import { PageLoading } from '../../components/LoadingBar';

type State = { kind: 'verifying' } | { kind: 'done' | 'failed'; text: string };

/** /account/verify?token=…: the page the verification mail links to; it confirms the address as it opens. */
export default function EmailVerificationPage() {
  const [token] = useSearchParam('token');
  const account = useAccountWrites();
  const session = useUseCase(SessionService);
  const [state, setState] = useState<State>(token ? { kind: 'verifying' } : { kind: 'failed', text: 'Le lien est incomplet : ouvrez-le tel qu’il figure dans l’e-mail.' });

  useRunOnce(token ?? '', () => {
    if (!token) return;
    account.verifyEmail(token).then(
      (answer) => {
        setState({ kind: 'done', text: answer.message });
        // The account page then shows the address as verified.
        void session.reload().catch(() => undefined);
      },
      (error: unknown) => setState({ kind: 'failed', text: apiErrorMessage(error) }),
    );
  });

  if (state.kind === 'verifying') return <PageLoading label="Vérification de votre adresse e-mail…" />;
  return (
    <PageFrame title="Vérification de l’adresse e-mail">
      {state.kind === 'done' ? (
        <Notice tone="success" role="status">
          {state.text}
        </Notice>
      ) : (
        <>
          <p role="alert" className="mt-6 rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-error">
            {state.text}
          </p>
          <p className="mt-3 text-sm text-muted">Connecté, vous pouvez demander un nouveau lien depuis votre compte.</p>
        </>
      )}
      <p className="mt-6">
        <Link href="/account" className={LINK_CLASS}>
          Aller à mon compte
        </Link>
      </p>
    </PageFrame>
  );
}
