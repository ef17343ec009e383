import { BlindTestInputSchema, QuestionInputSchema, type ResourceName } from '@sortie/core/domain';
import { DEMO_IDS, demoId } from './ids';

/*
 * The demo's blind tests, playable at once with the demo accounts (staff opens the game from the
 * host's screen, anyone joins from a phone with its code): a quiz of four-choice and typed
 * questions on French music and culture, and a blind test of famous tunes whose audio the
 * server synthesises (blind-tests/demo-audio.ts serves /demo-audio/{n}.wav: nothing is
 * downloaded, nothing large is committed). Every record goes through core's schemas here, so a
 * demo question that a rule would refuse fails the demo load, not the game.
 */

type Rec = Record<string, unknown>;

export const DEMO_BLIND_TEST_IDS = {
  /** Four-choice and typed questions, answers mode: the quiz of DEMO_IDS.blindTest. */
  quiz: DEMO_IDS.blindTest,
  /** Six synthesised tunes to name, answers mode. */
  tunes: demoId('blindtest:airs-celebres'),
} as const;

/** A note: MIDI number (60 is middle C; 0 a rest) and length in beats. */
export type Note = readonly [pitch: number, beats: number];
export type Timbre = 'piano' | 'flute' | 'organ' | 'musicBox' | 'clarinet' | 'bell';

/** A tune the server synthesises for the demo: its notes, its tempo (beats a minute) and its sound. */
export interface DemoTune {
  title: string;
  artist?: string;
  ask: 'title' | 'artist' | 'both';
  bpm: number;
  timbre: Timbre;
  notes: readonly Note[];
}

/** Public-domain tunes every French player knows, numbered as their audio files (/demo-audio/1.wav …). */
export const DEMO_TUNES: readonly DemoTune[] = [
  {
    title: 'Au clair de la lune',
    ask: 'title',
    bpm: 110,
    timbre: 'flute',
    notes: [[60, 1], [60, 1], [60, 1], [62, 1], [64, 2], [62, 2], [60, 1], [64, 1], [62, 1], [62, 1], [60, 4]],
  },
  {
    title: 'Frère Jacques',
    ask: 'title',
    bpm: 132,
    timbre: 'musicBox',
    notes: [
      [60, 1], [62, 1], [64, 1], [60, 1], [60, 1], [62, 1], [64, 1], [60, 1],
      [64, 1], [65, 1], [67, 2], [64, 1], [65, 1], [67, 2],
      [67, 0.5], [69, 0.5], [67, 0.5], [65, 0.5], [64, 1], [60, 1], [67, 0.5], [69, 0.5], [67, 0.5], [65, 0.5], [64, 1], [60, 1],
      [60, 1], [55, 1], [60, 2],
    ],
  },
  {
    title: 'Joyeux anniversaire',
    ask: 'title',
    bpm: 120,
    timbre: 'piano',
    notes: [
      [67, 0.75], [67, 0.25], [69, 1], [67, 1], [72, 1], [71, 2],
      [67, 0.75], [67, 0.25], [69, 1], [67, 1], [74, 1], [72, 2],
      [67, 0.75], [67, 0.25], [79, 1], [76, 1], [72, 1], [71, 1], [69, 2],
    ],
  },
  {
    title: 'Hymne à la joie',
    ask: 'title',
    bpm: 140,
    timbre: 'organ',
    notes: [
      [64, 1], [64, 1], [65, 1], [67, 1], [67, 1], [65, 1], [64, 1], [62, 1], [60, 1], [60, 1], [62, 1], [64, 1], [64, 1.5], [62, 0.5], [62, 2],
      [64, 1], [64, 1], [65, 1], [67, 1], [67, 1], [65, 1], [64, 1], [62, 1], [60, 1], [60, 1], [62, 1], [64, 1], [62, 1.5], [60, 0.5], [60, 2],
    ],
  },
  {
    title: 'La Marseillaise',
    ask: 'title',
    bpm: 100,
    timbre: 'clarinet',
    notes: [[62, 0.75], [62, 0.25], [67, 1], [67, 1], [69, 1], [69, 1], [74, 1.5], [71, 0.5], [67, 0.75], [67, 0.25], [71, 0.75], [67, 0.25], [64, 1], [72, 2], [69, 0.75], [66, 0.25], [67, 2]],
  },
  {
    title: 'La Lettre à Élise',
    artist: 'Beethoven',
    ask: 'both',
    bpm: 130,
    timbre: 'bell',
    notes: [
      [76, 0.5], [75, 0.5], [76, 0.5], [75, 0.5], [76, 0.5], [71, 0.5], [74, 0.5], [72, 0.5], [69, 1.5],
      [60, 0.5], [64, 0.5], [69, 0.5], [71, 1.5], [64, 0.5], [68, 0.5], [71, 0.5], [72, 1.5],
      [64, 0.5], [76, 0.5], [75, 0.5], [76, 0.5], [75, 0.5], [76, 0.5], [71, 0.5], [74, 0.5], [72, 0.5], [69, 2],
    ],
  },
];

export const demoAudioUrl = (index: number) => `/demo-audio/${index + 1}.wav`;

/** [prompt, the four choices, the right one] or [prompt, the accepted answers]. */
const QUIZ: ReadonlyArray<{ prompt: string; choices: readonly string[]; correct: number } | { prompt: string; answers: readonly string[] }> = [
  { prompt: 'Quel artiste belge a sorti l’album « Racine carrée » en 2013 ?', choices: ['Angèle', 'Stromae', 'Orelsan', 'Christophe Maé'], correct: 1 },
  { prompt: 'Quel duo français a sorti « Get Lucky » avec Pharrell Williams ?', answers: ['Daft Punk'] },
  { prompt: 'Dans quelle ville se tiennent les Francofolies ?', choices: ['Bourges', 'Nantes', 'La Rochelle', 'Poitiers'], correct: 2 },
  { prompt: 'Qui chante « La Vie en rose » en 1947 ?', answers: ['Édith Piaf', 'Piaf'] },
  { prompt: 'En quelle année a eu lieu la première Fête de la musique ?', choices: ['1975', '1989', '1968', '1982'], correct: 3 },
  { prompt: 'Quel compositeur français a écrit le « Boléro » ?', answers: ['Maurice Ravel', 'Ravel'] },
  { prompt: 'De quel instrument joue Ibrahim Maalouf ?', choices: ['La trompette', 'Le saxophone', 'Le violoncelle', 'L’accordéon'], correct: 0 },
];

/** The demo's questions and blind tests, as [resource, id, record], checked by core's schemas. */
export function demoBlindTests(): Array<[ResourceName, string, Rec]> {
  const records: Array<[ResourceName, string, Rec]> = [];
  const question = (id: string, fields: Rec) => {
    records.push(['questions', id, QuestionInputSchema.parse(fields)]);
    return id;
  };

  const quizIds = QUIZ.map((q, i) =>
    question(
      demoId(`question:quiz:${i}`),
      'choices' in q
        ? { kind: 'choices', prompt: q.prompt, choices: [...q.choices], correctChoice: q.correct, points: 100, timeLimitSeconds: 20 }
        : { kind: 'text', prompt: q.prompt, answers: [...q.answers], points: 100, timeLimitSeconds: 30 },
    ),
  );
  const tuneIds = DEMO_TUNES.map((tune, i) =>
    question(demoId(`question:tune:${i}`), {
      kind: 'track',
      prompt: tune.ask === 'both' ? 'Le titre et le compositeur ?' : 'Quel est ce titre ?',
      ask: tune.ask,
      title: tune.title,
      ...(tune.artist ? { artist: tune.artist } : {}),
      audioUrl: demoAudioUrl(i),
      points: 100,
      timeLimitSeconds: 25,
    }),
  );

  const blindTest = (id: string, fields: Rec) => records.push(['blindtests', id, { ...BlindTestInputSchema.parse(fields), game: null }]);
  blindTest(DEMO_BLIND_TEST_IDS.quiz, {
    title: 'Quiz chanson française et culture',
    eventId: demoId('event:3'),
    placeId: DEMO_IDS.places.tapGarden,
    questionIds: quizIds,
    status: 'draft',
    mode: 'answers',
    slowestShare: 0.5,
    streakBonus: 10,
  });
  blindTest(DEMO_BLIND_TEST_IDS.tunes, {
    title: 'Blind test des airs célèbres',
    placeId: DEMO_IDS.places.tapGarden,
    questionIds: tuneIds,
    status: 'draft',
    mode: 'answers',
    slowestShare: 0.4,
    streakBonus: 0,
  });
  return records;
}
