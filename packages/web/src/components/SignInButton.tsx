import { mdiLogin } from '@mdi/js';
import { useSignInDialog } from '../services/ui-context';
import { Icon } from './Icon';

/** The header's « Se connecter »: opens the sign-in dialog; needs neither the session nor headless UI. */
export function SignInButton() {
  const signInDialog = useSignInDialog();
  return (
    <button
      type="button"
      onClick={() => signInDialog.open()}
      className="flex items-center gap-2 rounded-full bg-primary p-2 text-sm font-semibold text-background hover:bg-primary/90 min-[400px]:px-3 min-[400px]:py-1.5"
    >
      <Icon path={mdiLogin} size={18} />
      {/* Icon only below 400 px, so that the header fits a 360 px phone; the name stays for screen readers. */}
      <span className="sr-only min-[400px]:not-sr-only">Se connecter</span>
    </button>
  );
}
