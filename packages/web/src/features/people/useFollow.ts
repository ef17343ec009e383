import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { followKey, meQueries, SessionService, ToggleFollow, type FollowTarget } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { usePushPrompt } from '../../services/ui-context';
import { useQuery } from '../../data/useQuery';

export type FollowKind = FollowTarget['kind'];

export interface FollowState {
  /** Whether the signed-in user follows the target (always false for a visitor). */
  following: boolean;
  /** True until the user's follow of this target is known. */
  loading: boolean;
  /** True while a follow or unfollow is on its way to the server. */
  pending: boolean;
  /** The French message of the last failed change, shown under the button. */
  error: string | null;
  signedIn: boolean;
  toggle: () => void;
}

/**
 * Follow and unfollow a place, an organisation, an artist or a user: core's ToggleFollow
 * changes the button at once and puts it back when the server refuses; this hook only reads
 * the state and words the failure in French.
 */
export function useFollow(kind: FollowKind, id: string | undefined): FollowState {
  const toggleFollow = useUseCase(ToggleFollow);
  const session = useUseCase(SessionService);
  const pushPrompt = usePushPrompt();
  const { status, user } = useSnapshot(session.state);
  const { pending } = useSnapshot(toggleFollow.state);
  const signedIn = status === 'authenticated' && Boolean(user);
  const target: FollowTarget | null = id ? { kind, id } : null;
  const query = useQuery(signedIn && target ? meQueries.follow(target) : null);
  // The message belongs to the target it was about: another target starts without one.
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const key = target ? followKey(target) : '';
  const following = signedIn && query.status === 'success' && query.data.following;

  const toggle = () => {
    if (!target) return;
    const wasFollowing = following;
    setFailure(null);
    void toggleFollow.execute(target).then((outcome) => {
      // Following is a good moment to offer its news on this phone (never on a first visit).
      if (outcome.kind === 'done' && outcome.value.following) pushPrompt.offer();
      if (outcome.kind !== 'failed') return;
      setFailure({ key, message: wasFollowing ? 'Impossible de ne plus suivre pour le moment. Réessayez.' : 'Votre abonnement n’a pas pu être enregistré. Réessayez.' });
    });
  };

  return {
    following,
    loading: signedIn && target ? query.status === 'loading' : status === 'unknown',
    pending: Boolean(pending[key]),
    error: failure?.key === key ? failure.message : null,
    signedIn,
    toggle,
  };
}
