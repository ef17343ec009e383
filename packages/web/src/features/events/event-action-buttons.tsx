import { mdiHeart, mdiHeartOutline, mdiShareVariant } from '@mdi/js';
import type { Event } from '@sortie/core';
import { Icon } from '../../components/Icon';

const buttonClass =
  'inline-flex items-center gap-2 rounded-full bg-surface px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60';

export type Message = { text: string; error?: boolean } | null;

/** The system's share sheet where there is one, else the clipboard, else the link to copy by hand. */
export async function shareLink(event: Event, link: string, say: (message: Message) => void): Promise<void> {
  say(null);
  try {
    if (typeof window.navigator.share === 'function') {
      await window.navigator.share({ title: event.title, url: link });
      return;
    }
    await window.navigator.clipboard.writeText(link);
    say({ text: 'Lien copié dans le presse-papiers.' });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') return;
    say({ text: `Copiez ce lien pour le partager : ${link}` });
  }
}

export function EventActionButtons({ likes, liked, likeDisabled, onLike, onShare, message }: { likes: number; liked: boolean; likeDisabled: boolean; onLike: () => void; onShare: () => void; message: Message }) {
  return (
    <div className="mt-5">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass} aria-pressed={liked} onClick={onLike} disabled={likeDisabled}>
          <Icon path={liked ? mdiHeart : mdiHeartOutline} size={18} className={liked ? 'text-primary' : ''} />
          {liked ? 'J’aime déjà' : 'J’aime'}
          <span className="text-muted" aria-label={`${likes} mention${likes > 1 ? 's' : ''} j’aime`}>
            {likes}
          </span>
        </button>
        <button type="button" className={buttonClass} onClick={onShare}>
          <Icon path={mdiShareVariant} size={18} />
          Partager
        </button>
      </div>
      <p role={message?.error ? 'alert' : 'status'} aria-live="polite" className={`mt-2 min-h-5 text-sm break-all ${message?.error ? 'text-error' : 'text-muted'}`}>
        {message?.text}
      </p>
    </div>
  );
}
