import { describe, expect, it } from 'vitest';
import { TRACK_DETAILS_TIMEOUT_MS, trackDetailsOf } from '../domain/blind-test/track-details';
import { createTestContainer } from '../testing';
import { LookUpTrackDetails } from './look-up-track-details.use-case';

const recording = { id: 'b1a9c0e9-d987-4042-ae91-78d6a3267d69', title: 'Nightcall', score: 100, artist: 'Kavinsky', firstReleaseDate: '2010-11-22', tags: ['synthwave', 'electronic'] };
const analysis = {
  highlevel: {
    genre_rosamerica: { value: 'dan', probability: 0.8 },
    mood_party: { value: 'party', probability: 0.7 },
    mood_relaxed: { value: 'relaxed', probability: 0.9 },
    mood_happy: { value: 'not_happy', probability: 0.95 },
    mood_sad: { value: 'sad', probability: 0.4 },
  },
};

function setup() {
  const { container, fakes } = createTestContainer();
  return { details: container.get(LookUpTrackDetails), ...fakes };
}

describe('LookUpTrackDetails', () => {
  it('finds the recording by title AND artist, then shows its first release year, its genre tag and its moods', async () => {
    const { details, audio } = setup();
    audio.knowSearch('Nightcall AND artist:Kavinsky', recording).knowAnalysis(recording.id, analysis);

    await expect(details.execute({ title: 'Nightcall', artist: 'Kavinsky' })).resolves.toEqual({
      recording: 'Nightcall',
      artist: 'Kavinsky',
      year: 2010,
      genre: 'synthwave',
      moods: ['détendu', 'festif'],
    });
    expect(audio.callsTo('getHighLevel')).toEqual([[recording.id]]);
  });

  it('shows the recording alone when the analysis service fails, logged at debug', async () => {
    const { details, audio, logger } = setup();
    audio.knowRecordings({ id: 'x', title: 'Alors on danse', score: 98 }).fail('getHighLevel', new Error('503'));

    await expect(details.execute({ title: 'Alors on danse', artist: 'Stromae' })).resolves.toEqual({ recording: 'Alors on danse' });
    expect(logger.messages('debug')).toEqual(['Analyse du morceau indisponible']);
    expect(logger.entries.error).toEqual([]);
  });

  it('resolves null, logged at debug only, when nothing is found or the search fails', async () => {
    const { details, audio, logger } = setup();
    await expect(details.execute({ title: 'Inconnu', artist: 'Personne' })).resolves.toBeNull();
    audio.fail('searchRecordings', new Error('network down'));
    await expect(details.execute({ title: 'Nightcall', artist: 'Kavinsky' })).resolves.toBeNull();
    expect(logger.messages('debug')).toEqual(['Détails du morceau indisponibles', 'Détails du morceau indisponibles']);
    expect([...logger.entries.warn, ...logger.entries.error]).toEqual([]);
  });

  it('gives up after TRACK_DETAILS_TIMEOUT_MS when the service hangs, and ignores its late answer', async () => {
    const { details, audio, clock, logger } = setup();
    let answer: (value: unknown) => void = () => {};
    audio.answer('searchRecordings', () => new Promise((resolve) => (answer = resolve)));

    const pending = details.execute({ title: 'Nightcall', artist: 'Kavinsky' });
    clock.advance(TRACK_DETAILS_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    clock.advance(1);
    await expect(pending).resolves.toBeNull();
    expect(logger.messages('debug')).toEqual(['Détails du morceau : pas de réponse à temps']);
    answer({ recordings: [recording] });
    await Promise.resolve();
    expect(clock.pendingTimers).toBe(0);
  });

  it('clears its timer when the answer comes in time, and asks once per track', async () => {
    const { details, audio, clock } = setup();
    audio.knowRecordings(recording);
    const first = await details.execute({ title: 'Nightcall', artist: 'Kavinsky' });
    expect(clock.pendingTimers).toBe(0);
    await expect(details.execute({ title: 'Nightcall', artist: 'Kavinsky' })).resolves.toBe(first);
    await details.execute({ title: 'Nightcall', artist: 'Lovefoxxx' });
    expect(audio.callsTo('searchRecordings')).toHaveLength(2);
  });
});

describe('trackDetailsOf', () => {
  it('takes the classifiers’ genre in French when nobody tagged the recording, and only confident answers', () => {
    expect(trackDetailsOf({ recording: { id: 'r', title: 'T', score: 90 }, highLevel: analysis })).toEqual({ recording: 'T', genre: 'dance', moods: ['détendu', 'festif'] });
    expect(trackDetailsOf({ recording: { id: 'r', title: 'T', score: 90 }, highLevel: { highlevel: { genre_dortmund: { value: 'rock', probability: 0.3 } } } })).toEqual({ recording: 'T' });
  });

  it('reads a year from a partial date and ignores a shapeless analysis', () => {
    expect(trackDetailsOf({ recording: { id: 'r', title: 'T', score: 90, firstReleaseDate: '1984' }, highLevel: 'oops' })).toEqual({ recording: 'T', year: 1984 });
    expect(trackDetailsOf({ recording: { id: 'r', title: 'T', score: 90, firstReleaseDate: '' }, highLevel: null })).toEqual({ recording: 'T' });
  });
});
