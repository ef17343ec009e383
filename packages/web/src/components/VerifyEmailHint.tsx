import { Link } from 'wouter';
import { LINK_CLASS } from './ui';

/** What a signed-in visitor whose address is not proven yet is told where a verified account is needed. */
export function VerifyEmailHint({ then, className = 'text-sm' }: { then: string; className?: string }) {
  return (
    <p className={className}>
      Votre adresse e-mail n’est pas encore vérifiée : ouvrez le lien reçu à l’inscription, ou{' '}
      <Link href="/account" className={LINK_CLASS}>
        vérifiez votre adresse depuis votre compte
      </Link>
      , puis revenez {then}.
    </p>
  );
}
