import { describe, expect, it } from 'vitest';
import { aQuiz } from './testing';
import { countdownText, expectedAnswer, pointsText } from './blind-test-text';

describe('the blind test’s French text', () => {
  it('gives the host the asked parts of a track, with the forms core accepts besides', () => {
    const [track] = aQuiz();
    expect(expectedAnswer({ ...track!, title: 'Alors on danse (Radio Edit)', ask: 'title' })).toEqual([{ label: 'Titre', answer: 'Alors on danse (Radio Edit)', variants: ['Alors on danse'] }]);
    expect(expectedAnswer({ ...track!, ask: 'artist' })).toEqual([{ label: 'Artiste', answer: 'Stromae', variants: [] }]);
  });

  it('gives a text question’s first answer and the others, and a choices question’s right choice with its shape', () => {
    const [, text, choices] = aQuiz();
    expect(expectedAnswer(text!)).toEqual([{ label: 'Réponse', answer: 'Poitiers', variants: ['Chasseneuil-du-Poitou'] }]);
    expect(expectedAnswer(choices!)).toEqual([{ label: 'Bon choix', answer: '◆ Stromae', variants: [] }]);
    expect(expectedAnswer({ ...text!, answers: [] })).toEqual([]);
  });

  it('reads « 27 s » and « 1 pt », « 95 pts »', () => {
    expect(countdownText(26_001)).toBe('27\u00a0s');
    expect(countdownText(-5)).toBe('0\u00a0s');
    expect([0, 1, 95, -20].map(pointsText)).toEqual(['0 pt', '1 pt', '95 pts', '-20 pts']);
  });
});
