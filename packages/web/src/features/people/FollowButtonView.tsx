import { mdiStar, mdiStarOutline } from '@mdi/js';
import { Icon } from '../../components/Icon';

/** The follow button as it looks: « Suivre » or « Suivi », and the error of a failed toggle. */
export function FollowButtonView({ name, following, loading, error, onClick }: { name: string; following: boolean; loading: boolean; error: string | null | undefined; onClick: () => void }) {
  const follow = { following, loading, error };
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={onClick}
        disabled={follow.loading}
        className={`inline-flex items-center gap-2 rounded-full px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60 ${
          follow.following ? 'bg-surface ring-1 ring-primary text-primary hover:bg-white/10' : 'bg-primary text-background hover:bg-primary/90'
        }`}
      >
        <Icon path={follow.following ? mdiStar : mdiStarOutline} size={20} />
        {/* The name starts with the visible text (WCAG 2.5.3) and says what a click does. */}
        {follow.following ? 'Suivi' : 'Suivre'}
        <span className="sr-only">{follow.following ? ` — ne plus suivre ${name}` : ` ${name}`}</span>
      </button>
      {follow.error && (
        <p role="alert" className="text-sm text-error">
          {follow.error}
        </p>
      )}
    </div>
  );
}
