import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { SessionService, type PlayerView, type QuestionView } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { usePushPrompt } from '../../services/ui-context';
import { BUTTON_CLASS, FIELD_CLASS } from '../../components/ui';
import { answerLabel, blindTestErrorMessage, CHOICE_STYLES, plural, questionText, pointsText, rankText, secondsLeft, solutionText } from './blind-test-text';
import { Leaderboard, Podium, TeamLeaderboard } from './Leaderboard';
import { useLiveBlindTest, useTimeLeft, type BlindTestSnapshot } from './useLiveBlindTest';
import { LiveView } from '../../data/LiveView';

type Run = (action: string, params?: Record<string, unknown>) => Promise<string | null>;

/**
 * /blindTests/{id} on a player's phone, used with one hand: join with the code and a nickname,
 * then a big answer box, four big coloured buttons or a big buzzer; the countdown; at the
 * reveal whether I was right, my points, my score and rank; the podium at the end.
 */
export function PlayerScreen({ id, initialCode }: { id: string; initialCode: string }) {
  const { state, online, lostPlayer, run, reload } = useLiveBlindTest(id);
  const snapshot = state.status === 'success' ? state : null;
  const timeLeft = useTimeLeft(snapshot);

  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col gap-4 px-4 py-6" data-screen="blind-test-player">
      <h1 className="text-2xl font-extrabold tracking-tight break-words">{(state.status === 'success' || state.status === 'closed') && state.title ? state.title : 'Blind test'}</h1>
      <LiveView live={{ state, online, reload }} loading="Connexion à la partie…" errorMessage={blindTestErrorMessage} closed="La partie n’est pas encore ouverte : elle commence bientôt, gardez cette page ouverte.">
        {(snapshot) => (snapshot.view.me ? <Playing snapshot={snapshot} me={snapshot.view.me} timeLeft={timeLeft} run={run} /> : <NotJoined view={snapshot.view} initialCode={initialCode} lostPlayer={lostPlayer} run={run} />)}
      </LiveView>
    </div>
  );
}

function NotJoined({ view, initialCode, lostPlayer, run }: { view: PlayerView; initialCode: string; lostPlayer: string | null; run: Run }) {
  const [code, setCode] = useState(initialCode);
  const [nickname, setNickname] = useState('');
  // Team mode: a team chosen, or '' to be put in the smallest.
  const [team, setTeam] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { user } = useSnapshot(useUseCase(SessionService).state);
  const pushPrompt = usePushPrompt();
  if (view.status === 'podium')
    return (
      <>
        <p className="text-lg">La partie est terminée.</p>
        <Podium rows={view.leaderboard} />
      </>
    );
  async function join(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const refusal = await run('join', { code: code.trim(), nickname: nickname.trim(), ...(team ? { team } : {}) });
    setError(refusal);
    setBusy(false);
    // In the game, signed in: the next blind tests of the places they follow could reach this phone (issue 33).
    if (!refusal && user) pushPrompt.offer('blindTest');
  }
  return (
    <form onSubmit={join} className="flex flex-col gap-4" aria-label="Rejoindre la partie">
      {lostPlayer && (
        <p role="alert" className="rounded-lg bg-error/10 p-3 text-error">
          {lostPlayer}
        </p>
      )}
      <label className="text-lg font-semibold">
        Code de la partie
        <input
          className={`${FIELD_CLASS} text-center font-mono text-4xl tracking-[0.3em]`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
      </label>
      <label className="text-lg font-semibold">
        Pseudo
        {/* Arrived from /j or a QR code, the code is filled in: the nickname is all there is to type (issue 32). */}
        <input className={`${FIELD_CLASS} text-2xl`} maxLength={24} required autoComplete="nickname" autoFocus={initialCode.length === 6} value={nickname} onChange={(e) => setNickname(e.target.value)} />
      </label>
      {view.teams.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-lg font-semibold">Équipe</legend>
          {[...view.teams.map((row) => row.team), ''].map((name) => (
            <label key={name || 'any'} className="flex cursor-pointer items-center gap-3 rounded-xl border border-line p-3 text-xl has-checked:border-accent has-checked:bg-accent/10">
              <input type="radio" name="team" value={name} checked={team === name} onChange={() => setTeam(name)} className="size-5" />
              {name || 'Peu importe (la moins nombreuse)'}
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || code.length !== 6 || nickname.trim() === ''} className={`${BUTTON_CLASS} py-4 text-2xl`}>
        Rejoindre
      </button>
      {view.playerCount > 0 && <p className="text-muted">{plural(view.playerCount, 'joueur')} dans la partie</p>}
    </form>
  );
}

function Playing({ snapshot, me, timeLeft, run }: { snapshot: BlindTestSnapshot; me: NonNullable<PlayerView['me']>; timeLeft: number; run: Run }) {
  const { view } = snapshot;
  // A phone receives the top of the leaderboard only: the players' list counts everyone.
  const total = Math.max(view.playerCount, me.rank);
  const standing = (
    <section className="text-lg" aria-label="Mon score">
      <strong>{me.nickname}</strong>
      {me.team ? ` · ${me.team}` : ''} · {pointsText(me.score)} · {rankText(me.rank)} sur {total}
    </section>
  );
  const teams = <TeamLeaderboard rows={view.teams} highlight={me.team} />;
  if (view.status === 'lobby')
    return (
      <>
        <p className="rounded-xl bg-surface p-4 text-xl">
          C’est bon, <strong>{me.nickname}</strong> ! {me.team ? `Vous jouez avec l’équipe ${me.team}. ` : ''}La partie va bientôt commencer : regardez l’écran.
        </p>
        <p className="text-muted">{plural(view.playerCount, 'joueur')} dans la partie</p>
      </>
    );
  if (view.status === 'podium')
    return (
      <>
        <p className="text-2xl font-bold">Partie terminée !</p>
        <p className="text-xl">
          Vous finissez {rankText(me.rank)} sur {total} avec {pointsText(me.score)}.
        </p>
        {teams}
        <Podium rows={view.leaderboard} />
        <Leaderboard rows={view.leaderboard} highlight={me.playerId} />
      </>
    );
  const question = view.question!;
  return (
    <>
      <div className="flex items-center justify-between">
        <p className="text-lg font-semibold">
          Question {question.index + 1}/{view.questionCount}
        </p>
        {view.status === 'question' && (
          <p role="timer" aria-label="Temps restant" className={`font-mono text-4xl font-bold tabular-nums ${timeLeft <= 5000 ? 'text-primary' : ''}`}>
            {secondsLeft(timeLeft)}
          </p>
        )}
      </div>
      <p className="text-2xl font-bold">{questionText(question)}</p>
      {view.status === 'question' ? <Answer view={view} question={question} me={me} timeLeft={timeLeft} run={run} /> : <Result question={question} me={me} />}
      {standing}
      {view.status === 'reveal' && teams}
    </>
  );
}

function Answer({ view, question, me, timeLeft, run }: { view: PlayerView; question: QuestionView; me: NonNullable<PlayerView['me']>; timeLeft: number; run: Run }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (params: Record<string, unknown>) => {
    setBusy(true);
    setError(await run(question.mode === 'buzzer' ? 'buzz' : 'answer', { questionIndex: question.index, ...params }));
    setBusy(false);
  };
  const closed = view.paused || timeLeft <= 0;
  const alert = error && (
    <p role="alert" className="text-lg text-error">
      {error}
    </p>
  );
  if (me.answered) {
    if (question.mode === 'buzzer') {
      const position = view.buzzer.waiting.indexOf(me.nickname);
      return (
        <p role="status" className="rounded-xl bg-surface p-6 text-center text-2xl font-bold">
          {view.buzzer.turn === me.nickname ? 'À vous ! Répondez à voix haute.' : position >= 0 ? `Buzz reçu : vous êtes ${rankText(position + 1)} dans la file.` : 'Mauvaise réponse : la main passe.'}
        </p>
      );
    }
    // The room's progress keeps the count going while the others answer.
    return (
      <>
        <p role="status" className="rounded-xl bg-surface p-6 text-center text-2xl font-bold">
          Réponse envoyée
        </p>
        <p className="text-center text-lg text-muted">
          {plural(view.answerCount, 'réponse')} sur {view.playerCount}
        </p>
      </>
    );
  }
  const notice = view.paused ? 'Pause : la partie reprend dans un instant.' : timeLeft <= 0 ? 'Temps écoulé.' : null;
  return (
    <>
      {notice && (
        <p role="status" className="text-lg text-muted">
          {notice}
        </p>
      )}
      {question.mode === 'choices' && (
        <div className="grid grid-cols-1 gap-3" role="group" aria-label="Réponses proposées">
          {question.choices.map((choice, i) => (
            <button key={i} type="button" disabled={busy || closed} onClick={() => void send({ choice: i })} className={`min-h-20 rounded-2xl px-4 py-5 text-left text-2xl font-bold disabled:opacity-50 ${CHOICE_STYLES[i]!.className}`}>
              <span aria-hidden="true" className="mr-3">
                {CHOICE_STYLES[i]!.shape}
              </span>
              {choice}
            </button>
          ))}
        </div>
      )}
      {question.mode === 'text' && (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) void send({ text: text.trim() });
          }}
        >
          <label className="text-lg font-semibold">
            {answerLabel(question)}
            <input className={`${FIELD_CLASS} py-4 text-2xl`} autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={200} value={text} onChange={(e) => setText(e.target.value)} disabled={closed} />
          </label>
          {question.kind === 'track' && question.ask === 'both' && <p className="text-sm text-muted">Le titre et l’artiste dans la même case, dans l’ordre que vous voulez.</p>}
          <button type="submit" disabled={busy || closed || text.trim() === ''} className={`${BUTTON_CLASS} py-4 text-2xl`}>
            Envoyer
          </button>
        </form>
      )}
      {question.mode === 'buzzer' && (
        <button
          type="button"
          aria-label="Buzzer"
          disabled={busy || closed}
          onClick={() => void send({})}
          className="mx-auto flex aspect-square w-64 max-w-full items-center justify-center rounded-full bg-primary text-6xl font-extrabold text-black shadow-2xl active:scale-95 disabled:opacity-50"
        >
          BUZZ
        </button>
      )}
      {alert}
    </>
  );
}

function Result({ question, me }: { question: QuestionView; me: NonNullable<PlayerView['me']> }) {
  const solution = solutionText(question);
  const result = me.result;
  return (
    <div role="status" className={`rounded-xl p-5 text-center ${result?.correct ? 'bg-success/20' : 'bg-error/15'}`}>
      <p className="text-3xl font-extrabold">{result?.correct ? `Bonne réponse ! +${result.points}` : result ? 'Raté' : 'Pas de réponse'}</p>
      {result?.correct && question.kind === 'track' && question.ask === 'both' && (result.titleOk === false || result.artistOk === false) && (
        <p className="mt-1">{result.titleOk ? 'Le titre, mais pas l’artiste.' : 'L’artiste, mais pas le titre.'}</p>
      )}
      {solution && <p className="mt-2 text-xl">La réponse : {solution}</p>}
    </div>
  );
}
