import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { gameQuestionOf, openGame, QuestionSchema, runBlindTestAction, type Game } from '@sortie/core/domain';
import { DEMO_BLIND_TEST_IDS, DEMO_TUNES, demoBlindTests } from '../demo/blind-tests';
import { DEMO_IDS } from '../demo/ids';
import { demoAudio, demoAudioRoutes, SAMPLE_RATE } from './demo-audio';

/** The loudest frequency near `around` (a coarse DFT over the first tenth of a second of the samples). */
function dominant(pcm: Int16Array, from: number, around: number): number {
  const window = pcm.subarray(from, from + Math.round(SAMPLE_RATE * 0.1));
  let best = 0;
  let bestPower = -1;
  for (let f = around * 0.8; f <= around * 1.25; f += 1) {
    let re = 0;
    let im = 0;
    for (let i = 0; i < window.length; i++) {
      const phase = (2 * Math.PI * f * i) / SAMPLE_RATE;
      re += window[i]! * Math.cos(phase);
      im += window[i]! * Math.sin(phase);
    }
    if (re * re + im * im > bestPower) {
      bestPower = re * re + im * im;
      best = f;
    }
  }
  return best;
}

describe('the demo blind tests', () => {
  const records = demoBlindTests();
  const questions = new Map(records.filter(([resource]) => resource === 'questions').map(([, id, data]) => [id, QuestionSchema.parse({ ...data, _id: id, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' })]));
  const blindTests = new Map(records.filter(([resource]) => resource === 'blindtests').map(([, id, data]) => [id, data as { title: string; questionIds: string[]; mode: 'answers' | 'buzzer'; game: unknown }]));

  it('are a typed-and-choices quiz (the demo’s blind test id) and a blind test of six synthesised tunes', () => {
    expect(new Set(records.map(([, id]) => id)).size).toBe(records.length);
    const quiz = blindTests.get(DEMO_BLIND_TEST_IDS.quiz)!;
    expect(DEMO_BLIND_TEST_IDS.quiz).toBe(DEMO_IDS.blindTest);
    expect(quiz.game).toBeNull();
    const kinds = quiz.questionIds.map((id) => questions.get(id)!.kind);
    expect(new Set(kinds)).toEqual(new Set(['choices', 'text']));
    expect(kinds.length).toBeGreaterThanOrEqual(6);
    const tunes = blindTests.get(DEMO_BLIND_TEST_IDS.tunes)!;
    expect(tunes.questionIds.map((id) => questions.get(id)!.audioUrl)).toEqual(['/demo-audio/1.wav', '/demo-audio/2.wav', '/demo-audio/3.wav', '/demo-audio/4.wav', '/demo-audio/5.wav', '/demo-audio/6.wav']);
  });

  it('are playable to the podium: the right answers as a player would type or press them score, a wrong one does not', () => {
    for (const [id, blindTest] of blindTests) {
      let game: Game = openGame(blindTest.questionIds.map((q) => gameQuestionOf(questions.get(q)!)), { mode: blindTest.mode, slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 0 }, '123456');
      game = runBlindTestAction('join', game, { role: 'visitor', playerId: 'juste' }, { code: '123456', nickname: 'Camille' }, { now: 0 });
      game = runBlindTestAction('join', game, { role: 'visitor', playerId: 'faux' }, { code: '123456', nickname: 'Sacha' }, { now: 0 });
      game = runBlindTestAction('start', game, { role: 'host' }, {}, { now: 1_000 });
      for (const [index, question] of game.questions.entries()) {
        const right =
          question.kind === 'choices'
            ? { choice: question.correctChoice }
            : { text: question.kind === 'text' ? question.answers.at(-1)!.toLowerCase() : [question.title, question.artist].filter(Boolean).join(' ').normalize('NFD').replace(/\p{M}/gu, '') };
        const wrong = question.kind === 'choices' ? { choice: (question.correctChoice! + 1) % 4 } : { text: 'Aucune idée' };
        game = runBlindTestAction('answer', game, { role: 'player', playerId: 'juste' }, { questionIndex: index, ...right }, { now: 2_000 + index * 60_000 });
        game = runBlindTestAction('answer', game, { role: 'player', playerId: 'faux' }, { questionIndex: index, ...wrong }, { now: 2_000 + index * 60_000 });
        expect(game.answers.filter((a) => a.questionIndex === index).map((a) => [a.playerId, a.correct]), `${id} question ${index + 1}`).toEqual([['juste', true], ['faux', false]]);
        game = runBlindTestAction('next', game, { role: 'host' }, {}, { now: 60_000 + index * 60_000 });
      }
      expect(game.status).toBe('podium');
    }
  });

  it('synthesise each tune as a short 16-bit mono WAV, distinct, at the pitch of its notes', () => {
    const sizes = new Set<number>();
    for (const [i, tune] of DEMO_TUNES.entries()) {
      const wav = demoAudio(i + 1)!;
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      expect(wav.readUInt16LE(20)).toBe(1);
      expect(wav.readUInt16LE(22)).toBe(1);
      expect(wav.readUInt32LE(24)).toBe(SAMPLE_RATE);
      expect(wav.readUInt16LE(34)).toBe(16);
      const seconds = wav.readUInt32LE(40) / 2 / SAMPLE_RATE;
      expect(seconds).toBeGreaterThan(3);
      expect(seconds).toBeLessThan(20);
      sizes.add(wav.length);
      const pcm = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
      const peak = pcm.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
      expect(peak).toBeGreaterThan(8_000);
      expect(peak).toBeLessThanOrEqual(32_767);
      // The first note sounds at its pitch (A4 = 440 Hz).
      const [pitch] = tune.notes[0]!;
      const expected = 440 * 2 ** ((pitch - 69) / 12);
      expect(Math.abs(dominant(pcm, Math.round(SAMPLE_RATE * 0.02), expected) - expected)).toBeLessThan(expected * 0.03);
    }
    expect(sizes.size).toBe(DEMO_TUNES.length);
    expect(demoAudio(DEMO_TUNES.length + 1)).toBeUndefined();
  });

  it('serves them under /demo-audio with byte ranges, and a French 404 otherwise', async () => {
    const app = Fastify();
    await app.register(demoAudioRoutes);
    const whole = await app.inject({ method: 'GET', url: '/demo-audio/1.wav' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.equals(demoAudio(1)!)).toBe(true);
    const part = await app.inject({ method: 'GET', url: '/demo-audio/2.wav', headers: { range: 'bytes=44-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 44-99/${demoAudio(2)!.length}`);
    expect(part.rawPayload.equals(demoAudio(2)!.subarray(44, 100))).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/demo-audio/2.wav', headers: { range: 'bytes=99999999-' } })).statusCode).toBe(416);
    const missing = await app.inject({ method: 'GET', url: '/demo-audio/99.wav' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Extrait introuvable.' });
    expect((await app.inject({ method: 'GET', url: '/demo-audio/..%2Fsecret' })).statusCode).toBe(404);
    await app.close();
  });
});
