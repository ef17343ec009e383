import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { mdiAccountEdit } from '@mdi/js';
import { followsOneself, SessionService } from '@sortie/core';
import { useSignInDialog } from '../../services/ui-context';
import { useUseCase } from '../../services/container-context';
import { Icon } from '../../components/Icon';
import { SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { FollowButtonView } from './FollowButtonView';
import { useFollow, type FollowKind } from './useFollow';

/**
 * « Suivre » with the session: what the server says is followed, and the toggle. Its own chunk, with the use cases.
 * On one's own profile there is nothing to follow: the button leads to the profile's settings instead.
 */
export default function SessionFollowButton({ kind, id, name }: { kind: FollowKind; id: string; name: string }) {
  const { user } = useSnapshot(useUseCase(SessionService).state);
  const own = followsOneself(user?._id, { kind, id });
  const follow = useFollow(kind, own ? undefined : id);
  const signInDialog = useSignInDialog();
  if (own) {
    return (
      <Link href="/account" className={`inline-flex items-center gap-2 ${SECONDARY_BUTTON_CLASS}`}>
        <Icon path={mdiAccountEdit} size={20} /> Modifier mon profil
      </Link>
    );
  }
  const onClick = () => (follow.signedIn ? follow.toggle() : signInDialog.open('signIn'));
  return <FollowButtonView name={name} following={follow.following} loading={follow.loading} error={follow.error} onClick={onClick} />;
}
