import { Link } from 'wouter';
import { pathFor } from '@sortie/core';
import { LINK_CLASS } from '../../components/ui';
import { StaffPanel } from './StaffPanel';
import { TournamentBoard } from './TournamentBoard';
import { statusText, tournamentErrorMessage } from '../../components/tournament-text';
import { useLiveTournament } from './useLiveTournament';

/**
 * A tournament's desk in the dashboard, beside its form: the bracket or the standings, live,
 * and every staff action over the socket (the same components as the phone page's staff view).
 */
export default function TournamentPanel({ id, onChanged }: { id: string; onChanged: () => void }) {
  const { state, actor, run, reload, online } = useLiveTournament(id);
  return (
    <section aria-labelledby="live-title" className="space-y-4 rounded-xl bg-surface/50 p-4 ring-1 ring-line">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="live-title" className="text-lg font-bold">
          Tournoi en direct{state.status === 'success' && ` · ${statusText(state.tournament.status)}`}
        </h2>
        <p className="flex flex-wrap gap-4 text-sm">
          <Link href={pathFor('tournament', { id })} className={LINK_CLASS}>
            Page des joueurs
          </Link>
          <Link href={pathFor('tournamentScreen', { id })} className={LINK_CLASS}>
            Écran de la salle
          </Link>
        </p>
      </div>
      {!online && (
        <p role="status" className="text-sm text-warning">
          Connexion perdue : reconnexion en cours…
        </p>
      )}
      {state.status === 'loading' && (
        <p role="status" className="text-sm text-muted">
          Chargement du tournoi…
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" className="rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
          <p>{tournamentErrorMessage(state.error)}</p>
          <button type="button" onClick={reload} className="mt-2 rounded bg-surface px-3 py-1 font-medium hover:bg-white/10 focus-visible:outline-2">
            Réessayer
          </button>
        </div>
      )}
      {state.status === 'success' && (
        <>
          <p className="text-sm text-muted">
            Inscrits, tirage et scores se gèrent ici, en direct. Le formulaire règle le nom, le jeu, le format et les réglages ; rechargez-le avant de l’enregistrer pendant le tournoi.{' '}
            <button type="button" onClick={onChanged} className="font-semibold text-accent hover:underline focus-visible:outline-2">
              Recharger le formulaire
            </button>
          </p>
          {actor && <StaffPanel tournament={state.tournament} actor={actor} run={run} />}
          {state.tournament.status !== 'registration' && (
            <div>
              <h3 className="mb-2 font-semibold">Tableau</h3>
              <TournamentBoard tournament={state.tournament} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
