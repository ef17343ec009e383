import { describe, expect, it } from 'vitest';
import { AUDIO_SEARCH_LIMIT } from '../domain/constants';
import { AppError, ValidationError } from '../domain/errors';
import { createTestContainer } from '../testing';
import { AnalyzeTrack } from './analyze-track.use-case';

const track = { name: 'Nightcall', artists: [{ name: 'Kavinsky' }, { name: 'Lovefoxxx' }] };
const recording = { id: 'b3f2a1c0-0000-4000-8000-000000000001', title: 'Nightcall', score: 100 };

function setup() {
  const { container, fakes } = createTestContainer();
  return { analyze: container.get(AnalyzeTrack), ...fakes };
}

describe('AnalyzeTrack', () => {
  it('searches the recording by track name AND the first artist, json, limit 1, then looks up its high-level analysis', async () => {
    const { analyze, audio } = setup();
    audio.knowRecordings(recording, { id: 'other', title: 'Nightcall (remix)', score: 80 }).knowAnalysis(recording.id, { danceability: 0.7 });

    await expect(analyze.execute(track)).resolves.toEqual({ recording, highLevel: { danceability: 0.7 } });

    expect(AUDIO_SEARCH_LIMIT).toBe(1);
    expect(audio.callsTo('searchRecordings')).toEqual([[{ query: 'Nightcall AND artist:Kavinsky', fmt: 'json', limit: 1 }]]);
    expect(audio.callsTo('getHighLevel')).toEqual([[recording.id]]);
  });

  it('fails with "No matching track found in MusicBrainz" when no recording is found', async () => {
    const { analyze, audio } = setup();
    const error = await analyze.execute(track).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as Error).message).toBe('No matching track found in MusicBrainz');
    expect(audio.callsTo('getHighLevel')).toEqual([]);
  });

  it('passes on a failed search', async () => {
    const { analyze, audio } = setup();
    const down = new Error('503');
    audio.fail('searchRecordings', down);
    await expect(analyze.execute(track)).rejects.toBe(down);
  });

  it('refuses a track without a name or an artist, without searching', async () => {
    const { analyze, audio } = setup();
    await expect(analyze.execute({ name: 'Nightcall', artists: [] })).rejects.toBeInstanceOf(ValidationError);
    await expect(analyze.execute({ name: '', artists: [{ name: 'Kavinsky' }] })).rejects.toBeInstanceOf(ValidationError);
    expect(audio.calls).toEqual([]);
  });
});
