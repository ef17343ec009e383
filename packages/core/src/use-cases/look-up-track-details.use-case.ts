import { inject, injectable } from 'inversify';
import { TRACK_DETAILS_TIMEOUT_MS, trackDetailsOf, type TrackDetails } from '../domain/blind-test/track-details';
import { ClockPort } from '../ports/clock.port';
import { LoggerPort } from '../ports/logger.port';
import { AnalyzeTrack } from './analyze-track.use-case';

/**
 * The details of a track after the reveal (AnalyzeTrack's search, then its high-level
 * analysis when the service has one). A bonus for the host's screen: a failure or an answer
 * slower than TRACK_DETAILS_TIMEOUT_MS resolves null, logged at debug, and never rejects.
 */
const MAX_REMEMBERED = 100;

@injectable()
export class LookUpTrackDetails {
  constructor(
    @inject(AnalyzeTrack) private readonly analyze: AnalyzeTrack,
    @inject(ClockPort) private readonly clock: ClockPort,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  /** One lookup per track: the desk re-rendering, or the screen coming back, asks MusicBrainz (one request a second) once. */
  readonly #asked = new Map<string, Promise<TrackDetails | null>>();

  execute({ title, artist }: { title: string; artist: string }): Promise<TrackDetails | null> {
    const key = `${title}\u0000${artist}`;
    let asked = this.#asked.get(key);
    if (!asked) {
      asked = this.#withinTime(title, artist);
      this.#asked.set(key, asked);
      // A night's quiz is a few dozen tracks; forget the oldest beyond that.
      if (this.#asked.size > MAX_REMEMBERED) this.#asked.delete(this.#asked.keys().next().value!);
    }
    return asked;
  }

  #withinTime(title: string, artist: string): Promise<TrackDetails | null> {
    return new Promise((resolve) => {
      const timer = this.clock.setTimeout(() => {
        this.logger.debug('Détails du morceau : pas de réponse à temps', { title, artist, timeoutMs: TRACK_DETAILS_TIMEOUT_MS });
        resolve(null);
      }, TRACK_DETAILS_TIMEOUT_MS);
      this.#lookUp(title, artist).then(
        (details) => {
          this.clock.clearTimeout(timer);
          resolve(details);
        },
        (error: unknown) => {
          this.clock.clearTimeout(timer);
          this.logger.debug('Détails du morceau indisponibles', { title, artist, error });
          resolve(null);
        },
      );
    });
  }

  async #lookUp(title: string, artist: string): Promise<TrackDetails> {
    const recording = await this.analyze.findRecording({ name: title, artists: [{ name: artist }] });
    // Without the analysis (a service often down or not configured), the recording alone is worth showing.
    const highLevel = await this.analyze.highLevelOf(recording).catch((error: unknown) => {
      this.logger.debug('Analyse du morceau indisponible', { recording: recording.id, error });
      return null;
    });
    return trackDetailsOf({ recording, highLevel });
  }
}
