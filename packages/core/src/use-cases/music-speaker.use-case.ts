import { inject, injectable } from 'inversify';
import { MusicError, statusOf } from '../domain/errors';
import { MusicPlayerStateSchema, PlayTrackInputSchema, type MusicDevice } from '../domain/schemas/music.schema';
import { MusicPort } from '../ports/music.port';
import { ClockPort } from '../ports/clock.port';
import { TokenStorePort } from '../ports/token-store.port';
import { MusicTokens } from './music-tokens';
import { parseInput } from './parse-input';

/**
 * The venue's speaker during a blind test: the host's Spotify Connect devices, a question's
 * track played on the chosen one at an offset, paused on a buzz and at the reveal. The SPEC's
 * token rules apply (MusicTokens): the device list refreshes once on a 401; play and pause
 * refresh once on any failure and retry, and a second failure propagates — a device Spotify
 * no longer knows (404) as a MusicError asking the host to pick a device again.
 */
@injectable()
export class MusicSpeaker {
  private readonly tokens: MusicTokens;

  constructor(
    @inject(MusicPort) private readonly music: MusicPort,
    @inject(TokenStorePort) store: TokenStorePort,
    @inject(ClockPort) clock: ClockPort,
  ) {
    this.tokens = new MusicTokens(music, store, clock);
  }

  /** GET /v1/me/player/devices, in Spotify's order; one with a null id or is_restricted takes no command. */
  devices(): Promise<MusicDevice[]> {
    return this.tokens.retryOn401((token) => this.music.getDevices(token));
  }

  /** Plays one track on the device (the active one when none is given) from `offsetMs`, rounded to whole milliseconds. */
  async playTrack(trackUri: string, options: { deviceId?: string; offsetMs?: number } = {}): Promise<void> {
    const input = parseInput(PlayTrackInputSchema, { trackUri, ...options });
    const request = { uris: [input.trackUri], positionMs: input.offsetMs, ...(input.deviceId ? { deviceId: input.deviceId } : {}) };
    await this.#command(input.deviceId, (token) => this.music.play(token, request));
  }

  /** Resumes what was paused on the device (play without a body). */
  async resume(deviceId?: string): Promise<void> {
    await this.#command(deviceId, (token) => this.music.play(token, deviceId ? { deviceId } : {}));
  }

  /**
   * Pauses the device (the active one when none is given). Pausing twice (a buzz, then the
   * reveal) is no failure: Spotify refuses to pause a paused player with a 403, so a 403 is
   * checked against the player's state and ignored when the device is not playing.
   */
  async pause(deviceId?: string): Promise<void> {
    try {
      await this.#command(deviceId, (token) => (deviceId ? this.music.pause(token, deviceId) : this.music.pause(token)));
    } catch (error) {
      if (statusOf(error) === 403 && (await this.#notPlaying(deviceId))) return;
      throw error;
    }
  }

  /** Whether the player says the device plays nothing; false when the player cannot be read. */
  async #notPlaying(deviceId: string | undefined): Promise<boolean> {
    let raw: unknown;
    try {
      raw = await this.tokens.retryOn401((token) => this.music.getPlayer(token));
    } catch {
      return false;
    }
    const state = MusicPlayerStateSchema.safeParse(raw);
    if (!state.success) return false;
    if (!state.data || !state.data.is_playing) return true;
    return deviceId !== undefined && state.data.device?.id !== deviceId;
  }

  async #command(deviceId: string | undefined, call: (accessToken: string) => Promise<void>): Promise<void> {
    try {
      await this.tokens.retryOnFailure(call);
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
      throw deviceId
        ? new MusicError('L’appareil Spotify choisi n’est plus disponible : vérifiez que Spotify y est ouvert, puis choisissez de nouveau un appareil.', {
            code: 'MUSIC_DEVICE_NOT_FOUND',
            statusCode: 404,
            cause: error,
          })
        : new MusicError('Aucun appareil Spotify actif : ouvrez Spotify sur l’enceinte, puis choisissez un appareil.', {
            code: 'MUSIC_NO_ACTIVE_DEVICE',
            statusCode: 404,
            cause: error,
          });
    }
  }
}
