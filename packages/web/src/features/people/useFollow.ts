import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ProductApiPort, SessionService, type Follow, type FollowTarget } from '@sortie/core';
import { useUseCase } from '../../app/container-context';

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

const PENDING = 'pending';

/**
 * Follow and unfollow a place, an organisation, an artist or a user. The button changes at
 * once (optimistic) and goes back with a French message when the server refuses.
 */
export function useFollow(kind: FollowKind, id: string | undefined): FollowState {
  const api = useUseCase(ProductApiPort);
  const session = useUseCase(SessionService);
  const { status, user } = useSnapshot(session.state);
  const signedIn = status === 'authenticated' && Boolean(user);
  const [followId, setFollowId] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setFollowId(null);
    setError(null);
    if (!signedIn || !id) {
      setLoading(status === 'unknown');
      return;
    }
    let current = true;
    setLoading(true);
    api.request<{ follow: Follow | null }>('GET', `/me/follows/${kind}/${id}`).then(
      (answer) => {
        if (!current) return;
        setFollowId(answer.follow?._id ?? null);
        setLoading(false);
      },
      () => current && setLoading(false),
    );
    return () => {
      current = false;
    };
  }, [api, kind, id, signedIn, status]);

  const toggle = useCallback(() => {
    if (!id || pending) return;
    const before = followId;
    setError(null);
    setPending(true);
    if (before) {
      setFollowId(null);
      api.request('DELETE', `/me/follows/${before}`).then(
        () => setPending(false),
        () => {
          setFollowId(before);
          setPending(false);
          setError('Impossible de ne plus suivre pour le moment. Réessayez.');
        },
      );
    } else {
      setFollowId(PENDING);
      api.request<Follow>('POST', '/me/follows', { body: { kind, id } }).then(
        (follow) => {
          setFollowId(follow._id);
          setPending(false);
        },
        () => {
          setFollowId(null);
          setPending(false);
          setError('Votre abonnement n’a pas pu être enregistré. Réessayez.');
        },
      );
    }
  }, [api, followId, id, kind, pending]);

  return { following: followId !== null, loading, pending, error, signedIn, toggle };
}
