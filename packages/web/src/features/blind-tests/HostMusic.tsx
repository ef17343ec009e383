import { useEffect, useRef, useState } from 'react';
import { MusicPlayback, MusicSpeaker, NavigatorPort, type Game, type MusicDevice, type PlayerView } from '@sortie/core';
import { SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { useRuntimeConfig, useUseCase } from '../../services/container-context';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether the music should be heard now: a question running, not paused, nobody answering aloud. */
export const musicPlays = (view: PlayerView): boolean => view.status === 'question' && !view.paused && view.buzzer.turn === null && view.timeLeftMs > 0;

/**
 * The music of a question, from the host's side. With Spotify configured and signed in, on a
 * device the host picks: each question's track from its offset, paused on a buzz, a pause and
 * the reveal. Otherwise the question's audio file plays in this browser, paused the same way.
 */
export function HostMusic({ view, game }: { view: PlayerView; game: Game }) {
  const config = useRuntimeConfig();
  const playback = useUseCase(MusicPlayback);
  const question = game.questionIndex >= 0 ? game.questions[game.questionIndex] : undefined;
  const spotify = config.spotify !== null && playback.isSignedIn();
  // Trivia (text, choices) has no music: no reminder to play any.
  const track = question?.kind === 'track';
  return (
    <section aria-label="Musique" className="space-y-2 rounded-xl bg-surface p-4">
      <h2 className="text-lg font-bold">Musique</h2>
      {spotify ? <SpotifySpeaker view={view} trackUri={question?.trackUri} offsetMs={question?.offsetMs ?? 0} questionIndex={game.questionIndex} track={track} /> : config.spotify !== null && <SpotifySignIn />}
      {!spotify && <AudioFile view={view} audioUrl={question?.audioUrl} offsetMs={question?.offsetMs ?? 0} questionIndex={game.questionIndex} track={track} />}
    </section>
  );
}

function AudioFile({ view, audioUrl, offsetMs, questionIndex, track }: { view: PlayerView; audioUrl: string | undefined; offsetMs: number; questionIndex: number; track: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  const plays = musicPlays(view);
  // A new question starts its extract from its offset.
  useEffect(() => {
    const element = audio.current;
    if (element && audioUrl) element.currentTime = offsetMs / 1000;
  }, [questionIndex, audioUrl, offsetMs]);
  useEffect(() => {
    const element = audio.current;
    if (!element || !audioUrl) return;
    if (plays) {
      const started = element.play?.();
      // A browser that forbids sound before a click: the host presses play once.
      started?.then(() => setBlocked(false), () => setBlocked(true));
    } else element.pause?.();
  }, [plays, audioUrl, questionIndex]);
  if (!audioUrl) return <p className="text-sm text-muted">{questionIndex < 0 ? 'L’extrait de chaque question jouera ici.' : track ? 'Pas d’extrait pour cette question : lancez la musique vous-même.' : 'Pas de musique pour cette question.'}</p>;
  return (
    <div className="space-y-1">
      <audio ref={audio} src={audioUrl} controls preload="auto" aria-label="Extrait de la question" className="w-full" />
      {blocked && <p className="text-sm text-warning">Le navigateur a bloqué le son : appuyez sur lecture.</p>}
    </div>
  );
}

function SpotifySignIn() {
  const playback = useUseCase(MusicPlayback);
  const navigator = useUseCase(NavigatorPort);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-1">
      <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => playback.beginSignIn(navigator.currentUrl().href).then((url) => navigator.redirect(url), (e: unknown) => setError(messageOf(e)))}>
        Connecter Spotify
      </button>
      <p className="text-sm text-muted">Pour jouer les morceaux sur l’enceinte du lieu ; sinon, les extraits audio jouent dans ce navigateur.</p>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

function SpotifySpeaker({ view, trackUri, offsetMs, questionIndex, track }: { view: PlayerView; trackUri: string | undefined; offsetMs: number; questionIndex: number; track: boolean }) {
  const speaker = useUseCase(MusicSpeaker);
  const [devices, setDevices] = useState<MusicDevice[] | null>(null);
  const [deviceId, setDeviceId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const plays = musicPlays(view);
  const started = useRef<number | null>(null);

  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    speaker.devices().then(
      (list) => current && setDevices(list),
      (e: unknown) => current && setError(messageOf(e)),
    );
    return () => {
      current = false;
    };
  }, [speaker, asked]);

  useEffect(() => {
    if (!deviceId || !trackUri) return;
    const options = { deviceId };
    let call: Promise<void>;
    if (plays && started.current !== questionIndex) {
      started.current = questionIndex;
      call = speaker.playTrack(trackUri, { ...options, offsetMs });
    } else if (plays) call = speaker.resume(deviceId);
    else if (started.current !== null) call = speaker.pause(deviceId);
    else return;
    call.then(() => setError(null), (e: unknown) => setError(messageOf(e)));
  }, [plays, questionIndex, trackUri, offsetMs, deviceId, speaker]);

  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium">
        Enceinte Spotify
        <select value={deviceId} onChange={(e) => setDeviceId(e.target.value)} className="mt-1 block w-full rounded-lg border border-line bg-background px-3 py-2">
          <option value="">— Choisir un appareil —</option>
          {devices
            ?.filter((d) => d.id && !d.is_restricted)
            .map((d) => (
              <option key={d.id} value={d.id!}>
                {d.name} ({d.type}){d.is_active ? ' · actif' : ''}
              </option>
            ))}
        </select>
      </label>
      <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => setAsked((n) => n + 1)}>
        Actualiser les appareils
      </button>
      {!trackUri && track && <p className="text-sm text-muted">Pas de morceau Spotify pour cette question.</p>}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
