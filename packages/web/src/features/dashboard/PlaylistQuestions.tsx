import { useRef, useState } from 'react';
import { MusicPlayback, NavigatorPort, QuestionsFromPlaylist, type MusicPlaylist } from '@sortie/core';
import { COMPACT_FIELD_CLASS, SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { useRuntimeConfig, useUseCase } from '../../services/container-context';
import { apiErrorMessage } from '../../data/api-error-message';

const plural = (count: number, one: string, many: string): string => `${count} ${count > 1 ? many : one}`;

type Step = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; playlists: MusicPlaylist[] } | { status: 'error'; message: string };

/**
 * For a host signed in with Spotify: one of their playlists becomes track questions (title,
 * artist, track from 30 s, cover), appended to the blind test where they can be reordered.
 * Without a music provider configured, nothing shows.
 */
export function PlaylistQuestions({ onAdd }: { onAdd: (questionIds: string[], playlistUri: string) => void }) {
  const config = useRuntimeConfig();
  const playback = useUseCase(MusicPlayback);
  const build = useUseCase(QuestionsFromPlaylist);
  const navigator = useUseCase(NavigatorPort);
  const [step, setStep] = useState<Step>({ status: 'idle' });
  const [chosen, setChosen] = useState('');
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // The form as it is when the questions are created, not as it was at the click.
  const latestOnAdd = useRef(onAdd);
  latestOnAdd.current = onAdd;
  if (config.spotify === null) return null;

  if (!playback.isSignedIn()) {
    return (
      <div className="space-y-1">
        <button
          type="button"
          className={SECONDARY_BUTTON_CLASS}
          onClick={() => playback.beginSignIn(navigator.currentUrl().href).then((url) => navigator.redirect(url), (e: unknown) => setOutcome({ ok: false, text: apiErrorMessage(e) }))}
        >
          Connecter Spotify pour importer une playlist
        </button>
        {outcome && <p role="alert" className="text-sm text-error">{outcome.text}</p>}
      </div>
    );
  }

  const load = () => {
    setStep({ status: 'loading' });
    playback.myPlaylists().then(
      (playlists) => setStep({ status: 'ready', playlists }),
      (e: unknown) => setStep({ status: 'error', message: apiErrorMessage(e) }),
    );
  };

  const add = async () => {
    const playlist = step.status === 'ready' ? step.playlists.find((p) => p.id === chosen) : undefined;
    if (!playlist) return;
    setWorking(true);
    setOutcome(null);
    try {
      const result = await build.execute(playlist.id);
      latestOnAdd.current(result.questionIds, `spotify:playlist:${playlist.id}`);
      const notes = [result.skipped ? plural(result.skipped, 'morceau en double', 'morceaux en double') : null, result.failed ? plural(result.failed, 'morceau refusé', 'morceaux refusés') : null].filter(Boolean);
      setOutcome({
        ok: result.failed === 0,
        text: `${plural(result.questionIds.length, 'question ajoutée', 'questions ajoutées')} depuis « ${playlist.name} »${notes.length ? ` (${notes.join(', ')})` : ''}. Enregistrez pour les garder dans le blind test.`,
      });
    } catch (error) {
      setOutcome({ ok: false, text: apiErrorMessage(error) });
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="space-y-2" role="group" aria-label="Importer une playlist Spotify">
      {step.status === 'idle' && (
        <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={load}>
          Importer une playlist Spotify
        </button>
      )}
      {step.status === 'loading' && <p role="status" className="text-sm text-muted">Chargement de vos playlists…</p>}
      {step.status === 'error' && (
        <p role="alert" className="text-sm text-error">
          {step.message}{' '}
          <button type="button" className="underline" onClick={load}>
            Réessayer
          </button>
        </p>
      )}
      {step.status === 'ready' &&
        (step.playlists.length === 0 ? (
          <p className="text-sm text-muted">Aucune playlist sur ce compte Spotify.</p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm font-medium">
              Playlist
              <select value={chosen} onChange={(e) => setChosen(e.target.value)} className={`${COMPACT_FIELD_CLASS} mt-1 block w-auto!`}>
                <option value="">— Choisir une playlist —</option>
                {step.playlists.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                    {p.trackCount === undefined ? '' : ` (${plural(p.trackCount, 'morceau', 'morceaux')})`}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={!chosen || working} onClick={() => void add()}>
              {working ? 'Création des questions…' : 'Ajouter ses morceaux'}
            </button>
          </div>
        ))}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-success' : 'text-sm text-error'}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}
