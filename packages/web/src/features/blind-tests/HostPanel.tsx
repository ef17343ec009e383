import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ClockPort, elide, OPERATION_ROUTES, operationPath, pathFor, SessionService, type BlindTestActionName, type Game, type GamePlayer, type GameQuestion } from '@sortie/core';
import { BUTTON_CLASS, LINK_CLASS, SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useUseCase } from '../../services/container-context';
import { TrackDetails } from './TrackDetails';
import { blindTestErrorMessage, countdownText, expectedAnswer, hostRefusal, plural, pointsText, questionText, solutionText } from './blind-test-text';
import { HostMusic } from './HostMusic';
import { Leaderboard, TeamLeaderboard } from './Leaderboard';
import { GameReportPanel } from './GameReportPanel';
import { useLiveBlindTest, useTimeLeft, type BlindTestSnapshot } from './useLiveBlindTest';
import { LiveView } from '../../data/LiveView';
import { JoinBlock } from '../../components/JoinBlock';

type Run = (action: string, params?: Record<string, unknown>) => Promise<string | null>;

/**
 * /blindTests/{id}?animateur, for staff: open the session, start, reveal, next, pause and
 * resume, judge the player who has the buzzer, kick; the music of each question; the expected
 * answer before the reveal (the host's view only: the server sends the whole game to staff);
 * ending early, confirmed, in its own « Fin de partie » box. Each button is disabled with core's
 * French reason when the rules refuse it (the server's check).
 */
export function HostPanel({ id }: { id: string }) {
  const session = useUseCase(SessionService);
  const { status } = useSnapshot(session.state);
  if (status === 'unknown')
    return (
      <p role="status" className="p-6 text-muted">
        Chargement…
      </p>
    );
  if (!session.isStaff())
    return (
      <div className="mx-auto max-w-xl p-6">
        <h1 className="text-3xl font-bold">Animer le blind test</h1>
        <p role="alert" className="mt-4 rounded-lg bg-surface p-4">
          Réservé à l’équipe du lieu : connectez-vous avec un compte de l’équipe pour animer la partie.
        </p>
      </div>
    );
  return <HostDesk id={id} />;
}

function HostDesk({ id }: { id: string }) {
  const { state, online, run, reload } = useLiveBlindTest(id, { player: false });
  const snapshot = state.status === 'success' ? state : null;
  const timeLeft = useTimeLeft(snapshot);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4" data-screen="blind-test-host">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold break-words">{(state.status === 'success' || state.status === 'closed') && state.title ? `Animer : ${state.title}` : 'Animer le blind test'}</h1>
        <p className="flex gap-4">
          <a href={`${pathFor('blindTest', { id })}?ecran`} target="_blank" rel="noopener" className={LINK_CLASS}>
            Ouvrir l’écran du lieu
          </a>
        </p>
      </div>
      <LiveView
        live={{ state, online, reload }}
        loading="Chargement de la partie…"
        errorMessage={blindTestErrorMessage}
        closed="La partie n’est pas encore ouverte : ouvrez-la pour afficher son code à l’écran et laisser les joueurs entrer."
        closedAction={<HostButton label="Ouvrir la partie" action="open" run={run} primary />}
      >
        {(snapshot) =>
          snapshot.game ? (
            <Desk id={id} snapshot={snapshot} game={snapshot.game} timeLeft={timeLeft} run={run} />
          ) : (
            <p role="alert" className="rounded-lg bg-error/10 p-4">
              Le serveur ne vous reconnaît pas comme animateur : reconnectez-vous.
            </p>
          )
        }
      </LiveView>
    </div>
  );
}

function Desk({ id, snapshot, game, timeLeft, run }: { id: string; snapshot: BlindTestSnapshot; game: Game; timeLeft: number; run: Run }) {
  const clock = useUseCase(ClockPort);
  const { view } = snapshot;
  const now = clock.now().getTime();
  const refusal = (action: BlindTestActionName, params?: Record<string, unknown>) => hostRefusal(action, game, params, now);
  const question = view.question;
  const turn = game.buzzer.turn;
  const turnName = turn ? game.players.find((p) => p.id === turn)?.nickname : undefined;
  const last = game.questionIndex >= game.questions.length - 1;
  const current = game.questionIndex >= 0 ? game.questions[game.questionIndex] : undefined;
  return (
    <div className="grid gap-4 md:grid-cols-[1fr_20rem]">
      <div className="space-y-4">
        <section aria-label="Déroulé" className="space-y-3 rounded-xl bg-surface p-4">
          <p className="text-lg">
            Code <strong className="font-mono text-2xl tracking-widest">{game.code}</strong> ·{' '}
            {view.status === 'lobby' ? 'Salle d’attente' : view.status === 'podium' ? 'Podium' : `Question ${game.questionIndex + 1}/${game.questions.length}`}
            {view.paused && ' · En pause'}
          </p>
          {question && (
            <div>
              <p className="text-xl font-bold">{questionText(question)}</p>
              {view.status === 'question' && (
                <p>
                  <span role="timer" aria-label="Temps restant" className="text-2xl font-bold tabular-nums">
                    {countdownText(timeLeft)}
                  </span>{' '}
                  · {plural(view.answerCount, question.mode === 'buzzer' ? 'buzz' : 'réponse', question.mode === 'buzzer' ? 'buzz' : 'réponses')} sur {view.playerCount}
                </p>
              )}
              {view.status === 'question' && current && <ExpectedAnswer question={current} />}
              {view.status === 'reveal' && <p className="text-accent">La réponse : {solutionText(question)}</p>}
              {view.status === 'reveal' && <TrackDetails question={question} />}
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            {view.status === 'lobby' && <HostButton label="Démarrer" action="start" run={run} refusal={refusal('start')} primary />}
            {view.status === 'question' && <HostButton label="Révéler la réponse" action="reveal" run={run} refusal={refusal('reveal')} primary />}
            {view.status === 'reveal' && <HostButton label={last ? 'Voir le podium' : 'Question suivante'} action="next" run={run} refusal={refusal('next')} primary />}
            {view.status === 'question' && (view.paused ? <HostButton label="Reprendre" action="resume" run={run} refusal={refusal('resume')} /> : <HostButton label="Pause" action="pause" run={run} refusal={refusal('pause')} />)}
            {view.status === 'podium' && <HostButton label="Rejouer avec les mêmes joueurs" action="replay" run={run} refusal={refusal('replay')} primary />}
            {view.status === 'podium' && <HostButton label="Nouvelle partie" action="open" run={run} />}
          </div>
          {view.status === 'podium' && (
            <p className="text-sm">
              {/* Who answered what, per question and per player (right or wrong, time, points): for the staff's own records. */}
              <a href={operationPath(OPERATION_ROUTES.blindTestReport, { id })} download className={LINK_CLASS}>
                Télécharger le rapport de la partie (CSV)
              </a>{' '}
              <span className="text-muted">: une ligne par joueur et par question, avec la réponse, juste ou non, le temps et les points.</span>
            </p>
          )}
          {view.status === 'podium' && <GameReportPanel id={id} round={game.round} />}
        </section>
        {turn && turnName && (
          <section aria-label="Buzzer" className="space-y-3 rounded-xl bg-accent/15 p-4">
            <p className="text-2xl font-bold">{turnName} a la main</p>
            <div className="flex gap-3">
              <HostButton label="Bonne réponse" action="judge" params={{ playerId: turn, correct: true }} run={run} refusal={refusal('judge', { playerId: turn, correct: true })} primary />
              <HostButton label="Mauvaise réponse" action="judge" params={{ playerId: turn, correct: false }} run={run} refusal={refusal('judge', { playerId: turn, correct: false })} />
            </div>
          </section>
        )}
        <HostMusic view={view} game={game} />
      </div>
      <aside className="space-y-4">
        {view.status !== 'podium' && (
          <div className="rounded-xl bg-surface p-4">
            <JoinBlock code={game.code} look="desk" />
          </div>
        )}
        <section aria-label="Joueurs" className="rounded-xl bg-surface p-4">
          <h2 className="mb-2 text-lg font-bold">{plural(view.playerCount, 'joueur')}</h2>
          <ul className="space-y-1">
            {game.players
              .filter((p) => !p.kicked)
              .map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2">
                  <span className="truncate">
                    {p.nickname} · {pointsText(p.score)}
                  </span>
                  {game.settings.teams.length > 0 && <TeamSelect player={p} teams={game.settings.teams} run={run} />}
                  <HostButton label={`Retirer ${p.nickname}`} action="kick" params={{ playerId: p.id }} run={run} small />
                </li>
              ))}
          </ul>
        </section>
        <TeamLeaderboard rows={view.teams} />
        {view.status !== 'lobby' && <Leaderboard rows={view.leaderboard} />}
        {(view.status === 'question' || view.status === 'reveal') && <EndGame game={game} run={run} refusal={refusal('end')} />}
      </aside>
    </div>
  );
}

/** The answer the host expects, before the reveal: on the desk only, never on the screen or the phones. */
function ExpectedAnswer({ question }: { question: GameQuestion }) {
  const lines = expectedAnswer(question);
  return (
    <section aria-label="Réponse attendue" className="mt-2 rounded-lg border border-line p-3">
      <h2 className="text-sm font-semibold text-muted">Réponse attendue (visible de vous seul)</h2>
      {lines.length === 0 ? (
        <p>Pas de réponse enregistrée : jugez vous-même.</p>
      ) : (
        <ul className="space-y-1">
          {lines.map((line) => (
            <li key={line.label}>
              {line.label} : <strong className="text-lg">{line.answer}</strong>
              {line.variants.length > 0 && <span className="block text-sm text-muted">Aussi acceptées : {line.variants.join(' · ')}</span>}
            </li>
          ))}
        </ul>
      )}
      {question.kind !== 'choices' && lines.length > 0 && <p className="text-sm text-muted">Majuscules, accents, article et petites fautes de frappe ne comptent pas.</p>}
    </section>
  );
}

/** Team mode: the host moves a player to another team (their points go with them). */
function TeamSelect({ player, teams, run }: { player: GamePlayer; teams: string[]; run: Run }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-col">
      <select
        aria-label={`Équipe ${elide(player.nickname)}`}
        aria-describedby={error ? id : undefined}
        className="rounded border border-line bg-transparent px-1 py-0.5 text-sm"
        value={player.team ?? ''}
        onChange={(event) => void run('team', { playerId: player.id, team: event.target.value }).then(setError)}
      >
        {teams.map((team) => (
          <option key={team} value={team}>
            {team}
          </option>
        ))}
      </select>
      {error && (
        <span id={id} role="alert" className="text-sm text-error">
          {error}
        </span>
      )}
    </span>
  );
}

/** Ending before the last question: apart from the game's buttons, and only once the host confirms. */
function EndGame({ game, run, refusal }: { game: Game; run: Run; refusal: string | null }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = game.questions.length - game.questionIndex - (game.status === 'reveal' ? 1 : 0);
  const end = async () => {
    setBusy(true);
    const failed = await run('end');
    setBusy(false);
    setError(failed);
    setConfirming(false);
  };
  const note = error ?? refusal;
  return (
    <section aria-label="Fin de partie" className="space-y-2 rounded-xl bg-surface p-4">
      <h2 className="text-lg font-bold">Fin de partie</h2>
      <p className="text-sm text-muted">Pour arrêter avant la fin. Après la dernière question, « Voir le podium » suffit.</p>
      <button type="button" disabled={refusal !== null} aria-describedby={note ? id : undefined} onClick={() => setConfirming(true)} className={SECONDARY_BUTTON_CLASS}>
        Terminer la partie
      </button>
      {note && (
        <p id={id} role={error ? 'alert' : undefined} className={`text-sm ${error ? 'text-error' : 'text-muted'}`}>
          {note}
        </p>
      )}
      <ConfirmDialog open={confirming} title="Terminer la partie ?" confirmLabel="Terminer maintenant" busy={busy} onClose={() => setConfirming(false)} onConfirm={() => void end()}>
        Le podium s’affiche tout de suite à l’écran et sur les téléphones, avec les scores actuels
        {left > 0 ? ` ; ${plural(left, 'question restante', 'questions restantes')} ne ${left > 1 ? 'seront' : 'sera'} pas jouée${left > 1 ? 's' : ''}` : ''}. On ne peut pas revenir en arrière.
      </ConfirmDialog>
    </section>
  );
}

function HostButton({ label, action, params, run, refusal = null, primary = false, small = false }: { label: string; action: string; params?: Record<string, unknown>; run: Run; refusal?: string | null; primary?: boolean; small?: boolean }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const click = async () => {
    setBusy(true);
    setError(await run(action, params));
    setBusy(false);
  };
  const note = error ?? refusal;
  return (
    <span className="inline-flex flex-col gap-1">
      <button type="button" disabled={busy || refusal !== null} aria-describedby={note ? id : undefined} onClick={() => void click()} className={small ? 'rounded px-2 py-0.5 text-sm text-error hover:bg-white/10' : primary ? BUTTON_CLASS : SECONDARY_BUTTON_CLASS}>
        {label}
      </button>
      {note && (
        <span id={id} role={error ? 'alert' : undefined} className={`text-sm ${error ? 'text-error' : 'text-muted'}`}>
          {note}
        </span>
      )}
    </span>
  );
}
