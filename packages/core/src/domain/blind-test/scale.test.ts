import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameSchema, MAX_PLAYERS, type Game, type GameAnswer, type GameQuestionInput } from './blind-test-game.schema';
import {
  answersAdded,
  buzz,
  endGame,
  GAME_FULL_MESSAGE,
  joinGame,
  judgeBuzz,
  kickPlayer,
  leaderboard,
  nextQuestion,
  openGame,
  startGame,
  submitAnswer,
  totalsFromAnswers,
  withAnswers,
} from './game';
import { gameProgress, playerView, screenView, withProgress } from './views';

const T0 = 9_000_000;
const QUESTIONS: GameQuestionInput[] = [
  { id: 'q1', kind: 'choices', prompt: 'La capitale de la Bretagne ?', choices: ['Nantes', 'Rennes', 'Brest', 'Vannes'], correctChoice: 1, points: 100, timeLimitMs: 10_000 },
  { id: 'q2', kind: 'text', prompt: 'Le chanteur de « Formidable » ?', answers: ['Stromae'], points: 80, timeLimitMs: 20_000 },
  { id: 'q3', kind: 'track', ask: 'both', title: 'Alors on danse', artist: 'Stromae', points: 120, timeLimitMs: 15_000 },
  { id: 'q4', kind: 'choices', prompt: 'Le Boléro ?', choices: ['Ravel', 'Satie', 'Debussy', 'Fauré'], correctChoice: 0, points: 50, timeLimitMs: 5_000 },
];
const TEXTS = ['Stromae', 'stromae alors on danse', 'Alors on danse', 'Angèle', 'Ravel', 'ne sais pas'];

function lobby(settings: Record<string, unknown>, players: number, questions = QUESTIONS): Game {
  let game = openGame(GameSchema.shape.questions.parse(questions), GameSchema.shape.settings.parse(settings), '123456');
  for (let i = 0; i < players; i++) game = joinGame(game, `p${i}`, `Joueur ${i}`);
  return game;
}

describe('2,000 players in one game', () => {
  it('lets the 2,000th player join and refuses the 2,001st in French; a kicked player’s place is free again', () => {
    let game = lobby({}, MAX_PLAYERS - 1);
    game = joinGame(game, 'last', 'La dernière');
    expect(game.players).toHaveLength(2000);
    expect(() => joinGame(game, 'one-more', 'Un de trop')).toThrow(GAME_FULL_MESSAGE);
    expect(GAME_FULL_MESSAGE).toBe('La partie est complète : 2\u00a0000 joueurs au plus.');
    // A player already in comes back under a new nickname; a kicked one leaves a place.
    expect(joinGame(game, 'p7', 'Joueur sept').players).toHaveLength(2000);
    expect(joinGame(kickPlayer(game, 'p3'), 'one-more', 'Un de plus').players.filter((p) => !p.kicked)).toHaveLength(2000);
    expect(GameSchema.safeParse(game).success).toBe(true);
  });
});

/** One question's moves: in answers mode each player's answer (or none); in buzzer mode the buzzes in order and the host's verdicts. */
const answerMove = fc.record({ answers: fc.boolean(), elapsed: fc.nat({ max: 20_000 }), choice: fc.nat({ max: 3 }), text: fc.constantFrom(...TEXTS) });
const scenario = fc.record({
  buzzer: fc.boolean(),
  players: fc.integer({ min: 1, max: 6 }),
  settings: fc.record({ slowestShare: fc.double({ min: 0, max: 1, noNaN: true }), streakBonus: fc.nat({ max: 40 }), wrongBuzzPenalty: fc.nat({ max: 40 }) }),
  questions: fc.array(fc.record({ moves: fc.array(answerMove, { minLength: 6, maxLength: 6 }), buzzOrder: fc.array(fc.nat({ max: 5 }), { maxLength: 6 }), verdicts: fc.array(fc.boolean(), { maxLength: 6 }) }), { minLength: 1, maxLength: 4 }),
  kick: fc.option(fc.record({ question: fc.nat({ max: 3 }), player: fc.nat({ max: 5 }) }), { nil: undefined }),
  endEarly: fc.boolean(),
  /** When the game's row was last written during the last question, as a share of its moves. */
  rowAt: fc.double({ min: 0, max: 1, noNaN: true }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Plays a scenario; answers every answer stored along the way and, for the last question, the games after each move. */
function play(s: Scenario) {
  let game = lobby({ ...s.settings, mode: s.buzzer ? 'buzzer' : 'answers' }, s.players);
  const stored: GameAnswer[] = [];
  const step = (next: Game) => {
    stored.push(...answersAdded(game, next));
    game = next;
  };
  const tryStep = (move: () => Game) => {
    try {
      step(move());
    } catch {
      // a refused move changes nothing
    }
  };
  let now = T0;
  step(startGame(game, now));
  let lastQuestion: Game[] = [];
  for (const [q, moves] of s.questions.entries()) {
    const start = now;
    if (s.kick?.question === q) tryStep(() => kickPlayer(game, `p${s.kick!.player}`));
    lastQuestion = [game];
    if (s.buzzer) {
      moves.buzzOrder.forEach((p, i) => tryStep(() => buzz(game, `p${p}`, game.questionIndex, start + 1_000 * (i + 1))));
      for (const verdict of moves.verdicts) {
        if (game.status !== 'question' || !game.buzzer.turn) break;
        tryStep(() => judgeBuzz(game, game.buzzer.turn!, verdict, start + 9_000));
      }
    } else {
      const question = game.questions[game.questionIndex]!;
      // In the order the server receives them, as it times them.
      const order = moves.moves.map((m, p) => ({ m, p })).sort((x, y) => x.m.elapsed - y.m.elapsed);
      order.forEach(({ m, p }) => {
        if (!m.answers || p >= s.players) return;
        const input = question.kind === 'choices' ? { choice: m.choice } : { text: m.text };
        tryStep(() => submitAnswer(game, `p${p}`, { questionIndex: game.questionIndex, ...input }, start + Math.min(m.elapsed, question.timeLimitMs)));
        lastQuestion.push(game);
      });
    }
    now = start + 30_000;
    if (q === s.questions.length - 1 && s.endEarly) break;
    const over = () => game.status === 'podium';
    if (over()) break;
    step(nextQuestion(game, now));
    if (over()) break;
  }
  if (s.endEarly && game.status !== 'podium') step(endGame(game));
  return { game, stored, lastQuestion };
}

const totals = (players: Game['players']) => players.map((p) => ({ id: p.id, score: p.score, correct: p.correct, answerMs: p.answerMs, kicked: p.kicked }));

describe('the leaderboard, counted answer by answer', () => {
  it('equals a full recomputation from every stored answer, judged again', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { game, stored } = play(s);
        const recomputed = totalsFromAnswers(game, stored);
        expect(totals(game.players)).toEqual(totals(recomputed));
        expect(leaderboard(game)).toEqual(leaderboard({ players: recomputed }));
      }),
      { numRuns: 300 },
    );
  });

  it('gives every player their points back from a row written before some of the question’s answers and the answers’ table', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { game, lastQuestion } = play({ ...s, buzzer: false, endEarly: true });
        if (game.status !== 'podium' || lastQuestion.length === 0) return;
        // The row as last written (its totals counting the answers before it, none of the answers themselves), and the table's answers of the question.
        const row = lastQuestion[Math.min(lastQuestion.length - 1, Math.floor(s.rowAt * lastQuestion.length))]!;
        const restored = withAnswers({ ...row, status: game.status, deadline: game.deadline, answers: [] }, [...game.answers]);
        expect(restored.players).toEqual(game.players);
        expect(restored.answers).toEqual(game.answers);
        // Read again with the same answers: nothing counts twice.
        expect(withAnswers(restored, game.answers)).toBe(restored);
      }),
      { numRuns: 200 },
    );
  });
});

describe('small updates', () => {
  it('applies an answer count to a phone’s view, and the new answers to the host’s game, only for the view’s question', () => {
    let game = startGame(lobby({}, 3), T0);
    const phone = playerView(game, 'p0', T0);
    const host = { view: screenView(game, T0), game };
    game = submitAnswer(game, 'p1', { questionIndex: 0, choice: 1 }, T0 + 1_000);
    const progress = gameProgress(game, game.answers);
    expect(JSON.stringify(gameProgress(game)).length).toBeLessThan(120);
    expect(withProgress(phone, null, gameProgress(game)).view).toMatchObject({ answerCount: 1, me: { answered: false } });
    expect(withProgress(phone, null, { ...gameProgress(game), answered: true }).view.me).toMatchObject({ answered: true });
    const applied = withProgress(host.view, host.game, progress);
    expect(applied.view.answerCount).toBe(1);
    expect(applied.game!.answers.map((a) => a.playerId)).toEqual(['p1']);
    expect(applied.game!.players.find((p) => p.id === 'p1')!.score).toBe(game.players.find((p) => p.id === 'p1')!.score);
    // Another question's progress (late, or early) leaves the view as it is.
    const next = nextQuestion(game, T0 + 20_000);
    expect(withProgress(phone, null, gameProgress(next)).view).toBe(phone);
  });
});
