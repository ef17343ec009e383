import { useRef, useState, type FormEvent } from 'react';
import { AppError, isLiveCode, LIVE_CODE_INVALID, LIVE_CODE_LENGTH, LIVE_CODE_UNKNOWN, liveCodeDigits, liveGamePath, NavigatorPort } from '@sortie/core';
import { BUTTON_CLASS } from '../components/ui';
import { usePageTitle } from '../components/usePageTitle';
import { useRunOnce } from '../components/useRunOnce';
import { useUseCase } from '../services/container-context';
import { useLiveLookup } from '../data/live';
import type { PageProps } from './types';

/** What a failed lookup says: the server's French message for a client's mistake (unknown code, too many tries), else the network. */
function lookupError(error: unknown): string {
  if (error instanceof AppError && error.statusCode === 404) return LIVE_CODE_UNKNOWN;
  if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) return error.message;
  return 'Connexion impossible : vérifiez le réseau, puis réessayez.';
}

/**
 * /j and /j/{code} (issue 32), on a phone in the bar: the 6-digit code shown on the screen,
 * typed in one big field (or read from the QR code's address), then on to the game: a blind
 * test's phone page with the code filled in, a tournament's check-in or its page.
 */
export default function JoinPage({ params }: PageProps) {
  usePageTitle('Rejoindre une partie');
  const given = params['code'];
  const navigator = useUseCase(NavigatorPort);
  const live = useLiveLookup();
  const [code, setCode] = useState(liveCodeDigits(given ?? ''));
  const [busy, setBusy] = useState(given !== undefined && isLiveCode(given));
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const open = async (wanted: string) => {
    setBusy(true);
    setError(null);
    try {
      const game = await live.byCode(wanted);
      navigator.navigate(liveGamePath(game, wanted), { replace: true });
    } catch (failure) {
      setError(lookupError(failure));
      setBusy(false);
      field.current?.focus();
    }
  };

  // The QR code's address resolves at once; a mistyped one says so.
  useRunOnce(given ?? '', () => {
    if (given === undefined) return;
    if (isLiveCode(given)) void open(given);
    else setError(LIVE_CODE_INVALID);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isLiveCode(code)) {
      setError(LIVE_CODE_INVALID);
      field.current?.focus();
      return;
    }
    void open(code);
  };

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-6 px-5 py-8" data-screen="join">
      <h1 className="text-4xl font-extrabold tracking-tight">Rejoindre une partie</h1>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Rejoindre une partie">
        <label htmlFor="join-code" className="text-xl font-semibold">
          Le code à 6 chiffres affiché à l’écran
        </label>
        <input
          id="join-code"
          ref={field}
          className="w-full rounded-2xl border-2 border-line bg-surface px-4 py-4 text-center font-mono text-5xl font-bold tracking-[0.3em] tabular-nums focus-visible:border-accent focus-visible:outline-none"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LIVE_CODE_LENGTH}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'join-error' : undefined}
          value={code}
          onChange={(e) => {
            setCode(liveCodeDigits(e.target.value));
            setError(null);
          }}
        />
        {error && (
          <p id="join-error" role="alert" className="text-lg text-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={`${BUTTON_CLASS} py-4 text-2xl`}>
          {busy ? 'Recherche de la partie…' : 'Rejoindre'}
        </button>
      </form>
      <p className="text-muted">Le code change à chaque partie : il est affiché à l’écran de la salle, sous le QR code.</p>
    </div>
  );
}
