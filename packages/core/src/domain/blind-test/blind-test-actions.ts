import { z } from 'zod';
import { refuseGame } from './blind-test.errors';
import type { Game } from './blind-test-game.schema';
import { moveToTeam } from './teams';
import { buzz, endGame, replayGame, revealWhenDue, joinGame, judgeBuzz, kickPlayer, nextQuestion, pauseGame, resumeGame, revealAnswers, startGame, submitAnswer } from './game';

/** Who asks: the host (staff), a player of the game, or someone not yet in it. */
export type GameActor = { role: 'host' } | { role: 'player'; playerId: string } | { role: 'visitor'; playerId: string };

/** The server's part of an action: its clock. */
export interface GameContext {
  now: number;
}

interface GameAction<P> {
  readonly name: string;
  readonly role: 'host' | 'player' | 'visitor';
  readonly params: z.ZodType<P>;
  readonly invalidParams: string;
  perform(game: Game, params: P, actor: GameActor, context: GameContext): Game;
}

const QuestionIndex = z.number().int().min(0).max(199);
const PlayerId = z.string().min(1).max(40);
const none = z.object({});

const host = <P>(name: string, params: z.ZodType<P>, invalidParams: string, perform: (game: Game, params: P, context: GameContext) => Game): GameAction<P> => ({
  name,
  role: 'host',
  params,
  invalidParams,
  perform: (game, p, _actor, context) => perform(game, p, context),
});

const playerIdOf = (actor: GameActor) => (actor.role === 'host' ? refuseGame('L’animateur ne joue pas.') : actor.playerId);

export const JoinGameParamsSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/), nickname: z.string().max(60), team: z.string().max(60).optional() });
export const AnswerParamsSchema = z.object({ questionIndex: QuestionIndex, text: z.string().max(200).optional(), choice: z.number().int().min(0).max(3).optional() });
export const BuzzParamsSchema = z.object({ questionIndex: QuestionIndex });
export const JudgeParamsSchema = z.object({ playerId: PlayerId, correct: z.boolean() });
export const KickParamsSchema = z.object({ playerId: PlayerId });
export const TeamParamsSchema = z.object({ playerId: PlayerId, team: z.string().min(1).max(60) });

/** The actions of a live blind test by the name the socket protocol uses; `open` is the server's (it creates the game). */
export const BLIND_TEST_ACTIONS = {
  join: {
    name: 'join',
    role: 'visitor',
    params: JoinGameParamsSchema,
    invalidParams: 'Entrez le code à 6 chiffres de la partie et un pseudo.',
    perform: (game, { code, nickname, team }, actor) => {
      if (code !== game.code) refuseGame('Ce code ne correspond à aucune partie en cours.');
      return joinGame(game, playerIdOf(actor), nickname, team);
    },
  } satisfies GameAction<z.infer<typeof JoinGameParamsSchema>>,
  answer: {
    name: 'answer',
    role: 'player',
    params: AnswerParamsSchema,
    invalidParams: 'Réponse invalide : questionIndex, et text ou choice, sont attendus.',
    perform: (game, params, actor, { now }) => submitAnswer(game, playerIdOf(actor), params, now),
  } satisfies GameAction<z.infer<typeof AnswerParamsSchema>>,
  buzz: {
    name: 'buzz',
    role: 'player',
    params: BuzzParamsSchema,
    invalidParams: 'Buzz invalide : questionIndex est attendu.',
    perform: (game, { questionIndex }, actor, { now }) => buzz(game, playerIdOf(actor), questionIndex, now),
  } satisfies GameAction<z.infer<typeof BuzzParamsSchema>>,
  start: host('start', none, 'Démarrage invalide.', (game, _p, { now }) => startGame(game, now)),
  next: host('next', none, 'Question suivante invalide.', (game, _p, { now }) => nextQuestion(game, now)),
  reveal: host('reveal', none, 'Révélation invalide.', (game, _p, { now }) => revealAnswers(game, now)),
  autoReveal: host('autoReveal', none, 'Révélation automatique invalide.', (game, _p, { now }) => revealWhenDue(game, now)),
  pause: host('pause', none, 'Pause invalide.', (game, _p, { now }) => pauseGame(game, now)),
  resume: host('resume', none, 'Reprise invalide.', (game, _p, { now }) => resumeGame(game, now)),
  end: host('end', none, 'Fin de partie invalide.', (game) => endGame(game)),
  replay: host('replay', none, 'Rejouer invalide.', (game) => replayGame(game)),
  judge: host('judge', JudgeParamsSchema, 'Jugement invalide : playerId et correct (vrai ou faux) sont attendus.', (game, { playerId, correct }, { now }) => judgeBuzz(game, playerId, correct, now)),
  kick: host('kick', KickParamsSchema, 'Indiquez le joueur à retirer (playerId).', (game, { playerId }) => kickPlayer(game, playerId)),
  team: host('team', TeamParamsSchema, 'Indiquez le joueur (playerId) et sa nouvelle équipe (team).', (game, { playerId, team }) => moveToTeam(game, playerId, team)),
} as const;
export type BlindTestActionName = keyof typeof BLIND_TEST_ACTIONS;

/** Every name a client may send: `open` (the host creates the session), `get`, and the actions. */
export const BLIND_TEST_ACTION_NAMES = ['open', 'get', ...Object.keys(BLIND_TEST_ACTIONS)] as readonly string[];

export const isBlindTestActionName = (name: string): name is BlindTestActionName => Object.hasOwn(BLIND_TEST_ACTIONS, name);

/** Runs an action as the authority does: the role, then the params, then the rule. Refusals are French BlindTestRefusals. */
export function runBlindTestAction(name: BlindTestActionName, game: Game, actor: GameActor | null, params: unknown, context: GameContext): Game {
  const action = BLIND_TEST_ACTIONS[name] as GameAction<unknown>;
  if (!actor) return refuseGame('Action impossible : rejoignez d’abord la partie.');
  if (action.role === 'host' && actor.role !== 'host') refuseGame('Réservé à l’animateur de la partie.');
  if (action.role === 'player' && actor.role !== 'player') refuseGame(actor.role === 'host' ? 'L’animateur ne joue pas.' : 'Rejoignez d’abord la partie avec son code.');
  const parsed = action.params.safeParse(params ?? {});
  if (!parsed.success) refuseGame(action.invalidParams);
  return action.perform(game, parsed.data, actor, context);
}
