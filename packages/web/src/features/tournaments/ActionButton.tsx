import { useId, useState } from 'react';
import { tournamentVerdict, type Tournament, type TournamentActionName, type TournamentActor } from '@sortie/core';
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from '../../components/ui';

export type RunAction = (action: TournamentActionName, params?: Record<string, unknown>) => Promise<string | null>;

/**
 * A button for one of core's tournament actions: disabled with core's French reason when the
 * rules refuse it (the same predicate the server runs), and the server's refusal shown if any.
 */
export function ActionButton({ action, params, tournament, actor, run, children, secondary = false, onDone }: {
  action: TournamentActionName;
  params?: Record<string, unknown>;
  tournament: Tournament;
  actor: TournamentActor | null;
  run: RunAction;
  children: string;
  secondary?: boolean;
  onDone?: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verdict = tournamentVerdict(action, tournament, actor);
  const reason = verdict.allowed ? null : verdict.reason;
  const click = async () => {
    setBusy(true);
    const refusal = await run(action, params);
    setBusy(false);
    setError(refusal);
    if (!refusal) onDone?.();
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <button type="button" className={secondary ? SECONDARY_BUTTON_CLASS : BUTTON_CLASS} disabled={busy || reason !== null} aria-describedby={reason || error ? id : undefined} onClick={click}>
        {children}
      </button>
      {(reason || error) && (
        <span id={id} role={error ? 'alert' : undefined} className={`text-sm ${error ? 'text-error' : 'text-muted'}`}>
          {error ?? reason}
        </span>
      )}
    </span>
  );
}
