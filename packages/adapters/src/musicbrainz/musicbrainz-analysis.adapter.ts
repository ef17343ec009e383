import { inject, injectable, type ServiceIdentifier } from 'inversify';
import { ofetch, type $Fetch } from 'ofetch';
import { ApiError, ClockPort, type AudioAnalysisPort, type Recording, type RecordingSearch } from '@sortie/core';
import { networkFailure } from '../auth-errors';
import { RateLimiter } from './rate-limiter';

export interface MusicBrainzConfig {
  /** https://musicbrainz.org unless a test or a mirror says otherwise. */
  baseUrl?: string;
  /**
   * The high-level analysis service. The public AcousticBrainz service was shut down in
   * 2022; its data can be served elsewhere. null: the lookup rejects with a French message.
   */
  analysisBaseUrl: string | null;
  /** Our version, for the User-Agent MusicBrainz asks every client to send. */
  version: string;
  /** A contact address (e-mail or URL) for MusicBrainz's operators. */
  contact?: string;
  fetch?: typeof globalThis.fetch;
}
export const MusicBrainzConfig = Symbol.for('MusicBrainzConfig') as ServiceIdentifier<MusicBrainzConfig>;

/** MusicBrainz's rule: at most one request a second. */
export const MUSICBRAINZ_INTERVAL_MS = 1_000;
export const DEFAULT_CONTACT = 'https://github.com/sortie-app/sortie';

/** AudioAnalysisPort over MusicBrainz's recording search and the high-level analysis lookup. */
@injectable()
export class MusicBrainzAnalysisAdapter implements AudioAnalysisPort {
  private readonly http: $Fetch;
  private readonly limiter: RateLimiter;
  readonly userAgent: string;

  constructor(
    @inject(MusicBrainzConfig) private readonly config: MusicBrainzConfig,
    @inject(ClockPort) clock: ClockPort,
  ) {
    this.http = ofetch.create({ retry: 0, ignoreResponseError: true }, config.fetch ? { fetch: config.fetch } : undefined);
    this.limiter = new RateLimiter(clock, MUSICBRAINZ_INTERVAL_MS);
    this.userAgent = `Sortie/${config.version} ( ${config.contact ?? DEFAULT_CONTACT} )`;
  }

  searchRecordings(request: { query: string; fmt: 'json'; limit: number }): Promise<RecordingSearch> {
    const base = (this.config.baseUrl ?? 'https://musicbrainz.org').replace(/\/+$/, '');
    const url = `${base}/ws/2/recording?${new URLSearchParams({ query: request.query, fmt: request.fmt, limit: String(request.limit) })}`;
    return this.limiter.schedule(async () => {
      const body = (await this.get(url, 'MusicBrainz', { 'user-agent': this.userAgent, accept: 'application/json' })) as { recordings?: unknown } | undefined;
      return { recordings: recordingsOf(body?.recordings) };
    });
  }

  async getHighLevel(recordingId: string): Promise<unknown> {
    if (!this.config.analysisBaseUrl) {
      throw new ApiError('L’analyse audio n’est pas disponible : aucun service d’analyse n’est configuré.', { statusCode: 503, code: 'ANALYSIS_UNAVAILABLE' });
    }
    const base = this.config.analysisBaseUrl.replace(/\/+$/, '');
    const url = `${base}/api/v1/high-level?${new URLSearchParams({ recording_ids: recordingId })}`;
    const body = await this.get(url, 'analysis', { 'user-agent': this.userAgent });
    // The bulk lookup answers {<mbid>: {"0": {highlevel, metadata}}, mbid_mapping}: hand back that recording's first submission.
    const entry = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[recordingId] : undefined;
    if (typeof entry === 'object' && entry !== null && '0' in entry) return (entry as Record<string, unknown>)['0'];
    return entry ?? null;
  }

  private async get(url: string, service: 'MusicBrainz' | 'analysis', headers: Record<string, string>): Promise<unknown> {
    let response;
    try {
      response = await this.http.raw(url, { headers });
    } catch (error) {
      throw networkFailure(error);
    }
    if (!response.ok) throw new ApiError(`${service === 'MusicBrainz' ? 'MusicBrainz' : 'Le service d’analyse'} a répondu par une erreur (${response.status}).`, { statusCode: response.status, code: 'MUSIC_METADATA_ERROR' });
    return response._data === '' ? undefined : response._data;
  }
}

interface RawRecording {
  id?: unknown;
  title?: unknown;
  score?: unknown;
  'artist-credit'?: unknown;
  'first-release-date'?: unknown;
  tags?: unknown;
}

/** The fields the core reads: id, title and score of each recording; its artist, first release date and tags when given. */
function recordingsOf(value: unknown): Recording[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, title, score, 'artist-credit': credit, 'first-release-date': released, tags } = item as RawRecording;
    if (typeof id !== 'string' || typeof title !== 'string') return [];
    const artist = Array.isArray(credit) ? (credit[0] as { name?: unknown } | undefined)?.name : undefined;
    const tagNames = Array.isArray(tags)
      ? (tags as Array<{ name?: unknown; count?: unknown }>)
          .filter((t) => typeof t?.name === 'string')
          .sort((a, b) => Number(b.count ?? 0) - Number(a.count ?? 0))
          .map((t) => t.name as string)
      : [];
    return [
      {
        id,
        title,
        score: typeof score === 'number' ? score : Number(score ?? 0),
        ...(typeof artist === 'string' && artist ? { artist } : {}),
        ...(typeof released === 'string' && released ? { firstReleaseDate: released } : {}),
        ...(tagNames.length ? { tags: tagNames } : {}),
      },
    ];
  });
}
