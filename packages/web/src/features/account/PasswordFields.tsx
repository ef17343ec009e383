import { useId } from 'react';
import { PASSWORD_MIN_LENGTH } from '@sortie/core';
import { FIELD_CLASS } from '../../components/ui';

/** A new password typed twice; the form reads `password` and `confirmation`. */
export function NewPasswordFields({ disabled }: { disabled?: boolean }) {
  const ids = { password: useId(), confirmation: useId(), hint: useId() };
  return (
    <>
      <div>
        <label htmlFor={ids.password} className="text-sm font-medium">
          Nouveau mot de passe
        </label>
        <input
          id={ids.password}
          name="password"
          type="password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={200}
          autoComplete="new-password"
          disabled={disabled}
          aria-describedby={ids.hint}
          className={FIELD_CLASS}
        />
        <p id={ids.hint} className="mt-1 text-xs text-muted">
          Au moins {PASSWORD_MIN_LENGTH} caractères.
        </p>
      </div>
      <div>
        <label htmlFor={ids.confirmation} className="text-sm font-medium">
          Confirmez le nouveau mot de passe
        </label>
        <input id={ids.confirmation} name="confirmation" type="password" required autoComplete="new-password" disabled={disabled} className={FIELD_CLASS} />
      </div>
    </>
  );
}

/** The new password of a form, or the French reason it cannot be sent. */
export function readNewPassword(form: HTMLFormElement): { password: string } | { error: string } {
  const data = new FormData(form);
  const password = String(data.get('password') ?? '');
  if (password.length < PASSWORD_MIN_LENGTH) return { error: `Le mot de passe doit faire au moins ${PASSWORD_MIN_LENGTH} caractères.` };
  if (password !== String(data.get('confirmation') ?? '')) return { error: 'Les deux mots de passe ne sont pas identiques.' };
  return { password };
}
