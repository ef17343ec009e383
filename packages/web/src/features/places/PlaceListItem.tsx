import { mdiMapMarkerOutline } from '@mdi/js';
import { Link } from 'wouter';
import { pathFor, type Place } from '@sortie/core';
import { Icon } from '../../components/Icon';
import { ResponsiveImage } from '../../components/ResponsiveImage';

/** One place in the list: picture, name (the link), type and address. */
export function PlaceListItem({ place, typeName }: { place: Place; typeName?: string }) {
  return (
    <li className="relative flex gap-3 rounded-2xl bg-surface p-3 ring-1 ring-line focus-within:ring-2 focus-within:ring-primary hover:ring-white/30">
      {place.images[0] ? (
        <ResponsiveImage image={place.images[0]} alt="" sizes="80px" className="size-20 shrink-0 rounded-xl object-cover" width={80} height={80} />
      ) : (
        <span className="grid size-20 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary" aria-hidden="true">
          <Icon path={mdiMapMarkerOutline} size={28} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold leading-snug">
          <Link href={pathFor('place', { id: place._id })} className="after:absolute after:inset-0 focus-visible:outline-none">
            {place.name}
          </Link>
        </h2>
        {typeName && <p className="mt-1 text-xs font-medium text-accent">{typeName}</p>}
        <p className="mt-1 text-sm text-muted">
          {place.address.street ? `${place.address.street}, ` : ''}
          {place.address.postalCode} {place.address.city}
        </p>
      </div>
    </li>
  );
}
