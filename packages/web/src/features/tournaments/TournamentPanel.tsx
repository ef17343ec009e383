import { Link } from 'wouter';
import { pathFor } from '@sortie/core';
import { LINK_CLASS } from '../../components/ui';
import { StaffPanel } from './StaffPanel';
import { TournamentBoard } from './TournamentBoard';
import { statusText, tournamentErrorMessage } from '../../components/tournament-text';
import { useLiveTournament } from './useLiveTournament';
import { LiveView } from '../../data/LiveView';

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
      <LiveView live={{ state, online, reload }} look="panel" loading="Chargement du tournoi…" errorMessage={tournamentErrorMessage}>
        {({ tournament }) => (
          <>
            <p className="text-sm text-muted">
              Inscrits, tirage et scores se gèrent ici, en direct. Le formulaire règle le nom, le jeu, le format et les réglages ; rechargez-le avant de l’enregistrer pendant le tournoi.{' '}
              <button type="button" onClick={onChanged} className="font-semibold text-accent hover:underline focus-visible:outline-2">
                Recharger le formulaire
              </button>
            </p>
            {actor && <StaffPanel tournament={tournament} actor={actor} run={run} />}
            {tournament.status !== 'registration' && (
              <div>
                <h3 className="mb-2 font-semibold">Tableau</h3>
                <TournamentBoard tournament={tournament} />
              </div>
            )}
          </>
        )}
      </LiveView>
    </section>
  );
}
