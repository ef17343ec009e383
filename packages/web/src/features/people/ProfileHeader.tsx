import type { ReactNode } from 'react';
import type { ImageFieldLike } from '@sortie/core';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { FollowButton } from './FollowButton';
import type { FollowKind } from './useFollow';

const SIZE_CLASS = { 80: 'size-20', 96: 'size-24' } as const;

/**
 * A profile's picture beside its name: an uploaded image (`image`), a member's address
 * (`src`), or else a placeholder of the same size (an icon, an initial) hidden from screen
 * readers. Round for people (artists, members), with rounded corners for an organisation.
 */
export function ProfileAvatar({ image, src, size, round, placeholder, tone = 'bg-primary/15 text-primary' }: { image?: ImageFieldLike | null | undefined; src?: string | null | undefined; size: keyof typeof SIZE_CLASS; round: boolean; placeholder: ReactNode; tone?: string }) {
  const frame = `${SIZE_CLASS[size]} ${round ? 'rounded-full' : 'rounded-2xl'}`;
  if (image) return <ResponsiveImage image={image} alt="" sizes={`${size}px`} priority className={`${frame} object-cover`} width={size} height={size} />;
  if (src) return <img src={src} alt="" className={`${frame} object-cover`} width={size} height={size} />;
  return (
    <span className={`grid ${SIZE_CLASS[size]} place-items-center ${round ? 'rounded-full' : 'rounded-2xl'} ${tone}`} aria-hidden="true">
      {placeholder}
    </span>
  );
}

/**
 * The head of a public profile (an artist, an organisation, a place, a member): its picture
 * if it has one, what it is (« Artiste », a place's type), its name as the page's heading,
 * the details under it, and « Suivre ». Without a picture the button sits at the far right.
 */
export function ProfileHeader({ name, kicker, follow, avatar, children }: { name: string; kicker?: string | null | undefined; follow: { kind: FollowKind; id: string }; avatar?: ReactNode; children?: ReactNode }) {
  return (
    <header className={avatar ? 'flex flex-wrap items-center gap-4' : 'flex flex-wrap items-start justify-between gap-4'}>
      {avatar}
      <div className={avatar ? 'min-w-0 flex-1' : 'min-w-0'}>
        {kicker && <p className="text-sm font-semibold text-accent">{kicker}</p>}
        <h1 className="text-3xl font-bold tracking-tight break-words">{name}</h1>
        {children}
      </div>
      <FollowButton kind={follow.kind} id={follow.id} name={name} />
    </header>
  );
}
