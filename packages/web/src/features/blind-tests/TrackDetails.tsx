import { useEffect, useState } from 'react';
import { LookUpTrackDetails, type QuestionView, type TrackDetails as Details } from '@sortie/core';
import { useUseCase } from '../../services/container-context';

/** The track a revealed question played, when it names a title and an artist. */
function revealedTrack(question: QuestionView | null): { title: string; artist: string } | null {
  const solution = question?.solution;
  if (question?.kind !== 'track' || !solution?.title || !solution.artist) return null;
  return { title: solution.title, artist: solution.artist };
}

/**
 * After the reveal of a track question: the recording, its first release year, genre and
 * mood from the music-metadata service. Nothing shows while it looks, nor when it fails:
 * the game goes on without it.
 */
export function TrackDetails({ question, size = 'desk' }: { question: QuestionView | null; size?: 'desk' | 'screen' }) {
  const lookUp = useUseCase(LookUpTrackDetails);
  const track = revealedTrack(question);
  const title = track?.title;
  const artist = track?.artist;
  const key = track ? `${track.title}\u0000${track.artist}` : null;
  const [found, setFound] = useState<{ key: string; details: Details } | null>(null);
  useEffect(() => {
    if (!title || !artist) return;
    let current = true;
    void lookUp.execute({ title, artist }).then((details) => {
      if (current && details) setFound({ key: `${title}\u0000${artist}`, details });
    });
    return () => {
      current = false;
    };
  }, [title, artist, lookUp]);
  if (!key || found?.key !== key) return null;
  const { details } = found;
  const facts = [details.year ? `sorti en ${details.year}` : null, details.genre ?? null, details.moods?.join(', ') ?? null].filter(Boolean);
  return (
    <aside aria-label="À propos du morceau" className={size === 'screen' ? 'text-3xl text-muted' : 'text-sm text-muted'}>
      <p>
        <span className="font-semibold text-white">{details.recording}</span>
        {details.artist ? ` — ${details.artist}` : ''}
      </p>
      {facts.length > 0 && <p>{facts.join(' · ')}</p>}
    </aside>
  );
}
