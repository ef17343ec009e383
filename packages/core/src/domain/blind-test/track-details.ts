import type { Recording, TrackAnalysis } from '../schemas/music.schema';

/** What the host's screen shows of a track after the reveal, from the music-metadata service. */
export interface TrackDetails {
  /** The recording's title as MusicBrainz knows it. */
  recording: string;
  artist?: string;
  /** Year of the recording's first release. */
  year?: number;
  genre?: string;
  /** French words, most likely first (« festif », « détendu »…). */
  moods?: string[];
}

/** The host's screen gives up on the details after this long: the game never waits for them. */
export const TRACK_DETAILS_TIMEOUT_MS = 4_000;

/** A classifier's answer counts when it is at least this sure. */
const CONFIDENT = 0.6;

const MOODS: Record<string, string> = {
  mood_party: 'festif',
  mood_happy: 'joyeux',
  mood_relaxed: 'détendu',
  mood_sad: 'mélancolique',
  mood_aggressive: 'énergique',
  mood_acoustic: 'acoustique',
  mood_electronic: 'électronique',
};

/** Genre labels of the high-level classifiers (GTZAN, Rosamerica, Dortmund) in French. */
const GENRES: Record<string, string> = {
  blu: 'blues', blues: 'blues', cla: 'classique', classical: 'classique', cou: 'country', country: 'country',
  dan: 'dance', dance: 'dance', disco: 'disco', electronic: 'électro', folkcountry: 'folk', funksoulrnb: 'funk, soul, R&B',
  hip: 'hip-hop', hiphop: 'hip-hop', jaz: 'jazz', jazz: 'jazz', met: 'metal', metal: 'metal', pop: 'pop', raphiphop: 'rap, hip-hop',
  reg: 'reggae', reggae: 'reggae', roc: 'rock', rock: 'rock', rhy: 'R&B', spe: 'variété', alternative: 'alternatif',
};

interface Classifier {
  value?: unknown;
  probability?: unknown;
}

function classifiers(highLevel: unknown): Record<string, Classifier> {
  if (typeof highLevel !== 'object' || highLevel === null) return {};
  const inner = (highLevel as { highlevel?: unknown }).highlevel;
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, Classifier>) : {};
}

const sure = (c: Classifier | undefined): c is { value: string; probability: number } =>
  typeof c?.value === 'string' && typeof c.probability === 'number' && c.probability >= CONFIDENT;

function genreOf(recording: Recording, found: Record<string, Classifier>): string | undefined {
  // People's tags on MusicBrainz first; the classifiers' guess only when nobody tagged it.
  if (recording.tags?.length) return recording.tags[0];
  for (const name of ['genre_rosamerica', 'genre_dortmund', 'genre_tzanetakis']) {
    const c = found[name];
    if (sure(c)) return GENRES[c.value] ?? c.value;
  }
  return undefined;
}

function moodsOf(found: Record<string, Classifier>): string[] {
  return Object.entries(MOODS)
    .flatMap(([name, word]) => {
      const c = found[name];
      // The binary classifiers answer "happy" or "not_happy": only the positive side says something.
      return sure(c) && !c.value.startsWith('not_') ? [{ word, p: c.probability }] : [];
    })
    .sort((a, b) => b.p - a.p)
    .slice(0, 2)
    .map((m) => m.word);
}

/** The details worth showing, from a recording and its high-level analysis (either may be thin). */
export function trackDetailsOf({ recording, highLevel }: TrackAnalysis): TrackDetails {
  const found = classifiers(highLevel);
  const year = recording.firstReleaseDate ? Number.parseInt(recording.firstReleaseDate.slice(0, 4), 10) : Number.NaN;
  const genre = genreOf(recording, found);
  const moods = moodsOf(found);
  return {
    recording: recording.title,
    ...(recording.artist ? { artist: recording.artist } : {}),
    ...(Number.isFinite(year) ? { year } : {}),
    ...(genre ? { genre } : {}),
    ...(moods.length ? { moods } : {}),
  };
}
