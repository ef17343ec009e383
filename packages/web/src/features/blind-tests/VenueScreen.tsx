import type { QuestionView, ScreenView } from '@sortie/core';
import { JoinBlock, JoinLine } from '../../components/JoinBlock';
import { blindTestErrorMessage, CHOICE_STYLES, plural, pointsText, questionText, secondsLeft, solutionText } from './blind-test-text';
import { Leaderboard, Podium, TeamLeaderboard } from './Leaderboard';
import { TrackDetails } from './TrackDetails';
import { useLiveBlindTest, useTimeLeft } from './useLiveBlindTest';
import { LiveView } from '../../data/LiveView';

/**
 * /blindTests/{id}?ecran, on the venue's TV: dark, large type, no scrolling. The lobby shows
 * the code and a QR code, then the question, the countdown and the answers coming in as a
 * count, the reveal, the leaderboard between questions and the podium. It follows the
 * socket's updates and comes back by itself after a server restart.
 */
export function VenueScreen({ id }: { id: string }) {
  const { state, online } = useLiveBlindTest(id, { player: false });
  const snapshot = state.status === 'success' ? state : null;
  const timeLeft = useTimeLeft(snapshot);

  return (
    <div className="flex h-dvh w-screen flex-col overflow-hidden bg-black p-[min(2rem,4vh)] text-white" data-screen="blind-test">
      <LiveView
        live={{ state, online }}
        look="screen"
        loading="Chargement du blind test…"
        errorMessage={blindTestErrorMessage}
        heading="Blind test"
        hint="L’écran se met à jour dès que l’animateur ouvre la partie."
        closed="La partie va bientôt s’ouvrir."
      >
        {(snapshot) => <ScreenBody title={snapshot.title} view={snapshot.view} timeLeft={timeLeft} />}
      </LiveView>
    </div>
  );
}

function ScreenBody({ title, view, timeLeft }: { title: string | null; view: ScreenView; timeLeft: number }) {
  if (view.status === 'lobby') {
    // The join block first and sized by the screen's height: it stays whole at 200 % text size (issue 32).
    return (
      <div className="flex min-h-0 flex-1 flex-col gap-[min(2rem,4vh)]">
        <h1 className="shrink-0 truncate font-extrabold tracking-tight" style={{ fontSize: 'min(3.75rem, 9vh)' }}>
          {title ?? 'Blind test'}
        </h1>
        <JoinBlock code={view.code} caption="Scannez pour jouer" />
        <h2 className="shrink-0 font-bold" style={{ fontSize: 'min(2.25rem, 5vh)' }}>
          {plural(view.playerCount, 'joueur')}
        </h2>
        <ul aria-label="Joueurs" className="flex min-h-0 flex-wrap content-start gap-3 overflow-hidden text-3xl">
          {view.players.map((nickname) => (
            <li key={nickname} className="rounded-xl bg-surface px-5 py-2">
              {nickname}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (view.status === 'podium')
    return (
      <div className="flex min-h-0 flex-1 flex-col justify-center gap-10">
        <h1 className="text-center text-7xl font-extrabold">Le podium</h1>
        {view.teams.length > 0 && <TeamLeaderboard rows={view.teams.slice(0, 3)} size="screen" />}
        <Podium rows={view.leaderboard} size="screen" />
      </div>
    );
  const question = view.question!;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-6">
      <header className="flex shrink-0 items-start justify-between gap-8">
        <div>
          <p className="text-3xl text-muted">
            Question {question.index + 1}/{view.questionCount} · {pointsText(question.points)}{view.paused ? ' · En pause' : ''}
          </p>
          <h1 className="mt-2 text-6xl font-extrabold tracking-tight">{questionText(question)}</h1>
        </div>
        {view.status === 'question' && (
          <p role="timer" aria-label="Temps restant" className={`font-mono text-[9rem] leading-none font-extrabold tabular-nums ${timeLeft <= 5000 ? 'text-primary' : ''}`}>
            {secondsLeft(timeLeft)}
          </p>
        )}
      </header>
      {view.status === 'question' ? <Asking view={view} question={question} /> : <Reveal view={view} question={question} />}
      <JoinLine code={view.code} />
    </div>
  );
}

function Asking({ view, question }: { view: ScreenView; question: QuestionView }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col justify-between gap-6">
      {question.mode === 'choices' && (
        <ul className="grid grid-cols-2 gap-6" aria-label="Réponses proposées">
          {question.choices.map((choice, i) => (
            <li key={i} className={`rounded-2xl px-8 py-6 text-5xl font-bold ${CHOICE_STYLES[i]!.className}`}>
              <span aria-hidden="true" className="mr-4">
                {CHOICE_STYLES[i]!.shape}
              </span>
              {choice}
            </li>
          ))}
        </ul>
      )}
      {question.mode === 'buzzer' && (
        <div className="text-5xl">
          {view.buzzer.turn ? (
            <p className="font-bold text-accent">{view.buzzer.turn} a la main !</p>
          ) : (
            <p className="text-muted">Buzzez dès que vous savez !</p>
          )}
          {view.buzzer.waiting.length > 0 && <p className="mt-4 text-3xl text-muted">Ensuite : {view.buzzer.waiting.join(', ')}</p>}
        </div>
      )}
      {question.mode === 'text' && <p className="text-4xl text-muted">Répondez sur votre téléphone.</p>}
      <p className="text-6xl font-extrabold" aria-live="polite">
        {question.mode === 'buzzer' ? plural(view.answerCount, 'buzz', 'buzz') : plural(view.answerCount, 'réponse')} sur {view.playerCount}
      </p>
    </div>
  );
}

function Reveal({ view, question }: { view: ScreenView; question: QuestionView }) {
  const solution = solutionText(question);
  const cover = question.solution?.coverUrl;
  return (
    <div className="flex min-h-0 flex-1 gap-12">
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        <div className="flex items-center gap-8">
          {cover && <img src={cover} alt="Pochette" className="size-64 shrink-0 rounded-2xl object-cover" />}
          <div>
            <p className="text-3xl text-muted">La réponse</p>
            <p className="text-7xl font-extrabold text-accent">{solution}</p>
            <TrackDetails question={question} size="screen" />
          </div>
        </div>
        <p className="text-4xl">{question.mode === 'buzzer' ? plural(view.answerCount, 'buzz', 'buzz') : plural(view.answerCount, 'réponse')}</p>
      </div>
      <div className="w-[40%] shrink-0 overflow-hidden">
        {view.teams.length > 0 && (
          <>
            <h2 className="mb-4 text-4xl font-bold">Équipes</h2>
            <div className="mb-8">
              <TeamLeaderboard rows={view.teams} size="screen" />
            </div>
          </>
        )}
        <h2 className="mb-4 text-4xl font-bold">Classement</h2>
        <Leaderboard rows={view.leaderboard} size="screen" limit={view.teams.length > 0 ? 5 : 8} />
      </div>
    </div>
  );
}
