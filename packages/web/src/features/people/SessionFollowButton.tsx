import { useSignInDialog } from '../../services/ui-context';
import { FollowButtonView } from './FollowButtonView';
import { useFollow, type FollowKind } from './useFollow';

/** « Suivre » with the session: what the server says is followed, and the toggle. Its own chunk, with the use cases. */
export default function SessionFollowButton({ kind, id, name }: { kind: FollowKind; id: string; name: string }) {
  const follow = useFollow(kind, id);
  const signInDialog = useSignInDialog();
  const onClick = () => (follow.signedIn ? follow.toggle() : signInDialog.open('signIn'));
  return <FollowButtonView name={name} following={follow.following} loading={follow.loading} error={follow.error} onClick={onClick} />;
}
