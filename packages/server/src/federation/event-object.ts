import { capitalise, frenchDateTime, imageUrl, ImageFieldSchema, TIME_ZONE } from '@sortie/core';
import { z } from 'zod';

/*
 * An event as the fediverse reads it: an ActivityStreams `Event` shaped as Mobilizon and Gancio
 * publish theirs (name, startTime, endTime, a `Place` location with a schema.org PostalAddress,
 * the event's page as url, its poster as image, its description in French HTML), with the
 * schema.org `eventStatus` and iCalendar's `ical:status` a cancellation sets.
 */
export const AS_PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

export const EVENT_CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  {
    sc: 'http://schema.org#',
    ical: 'http://www.w3.org/2002/12/cal/ical#',
    mz: 'https://joinmobilizon.org/ns#',
    PostalAddress: 'sc:PostalAddress',
    address: 'sc:address',
    streetAddress: 'sc:streetAddress',
    postalCode: 'sc:postalCode',
    addressLocality: 'sc:addressLocality',
    addressCountry: 'sc:addressCountry',
    eventStatus: 'sc:eventStatus',
    timezone: 'mz:timezone',
  },
] as const;

export const EVENT_CANCELLED = 'https://schema.org/EventCancelled';
export const EVENT_SCHEDULED = 'https://schema.org/EventScheduled';

const Text = z.string().optional().catch(undefined);
/** The fields of a stored event the mapping reads (anything else of another shape reads as absent). */
export const FederatedEventRecord = z.looseObject({
  title: z.string(),
  description: Text,
  startsAt: z.string(),
  endsAt: Text,
  status: Text,
  coverImage: ImageFieldSchema.optional().catch(undefined),
});
export const FederatedPlaceRecord = z.looseObject({
  name: z.string(),
  address: z.looseObject({ street: Text, postalCode: Text, city: Text }).optional().catch(undefined),
  location: z.looseObject({ lat: z.number(), lng: z.number() }).optional().catch(undefined),
});

export interface EventObjectInput {
  origin: string;
  /** The actor that publishes it (its address). */
  actorUrl: string;
  eventId: string;
  event: z.output<typeof FederatedEventRecord>;
  place: z.output<typeof FederatedPlaceRecord> | null;
  createdAt: string;
  updatedAt: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The description as HTML paragraphs, after a first line saying when and where, in French. */
export function eventContentHtml(event: z.output<typeof FederatedEventRecord>, place: { name: string } | null): string {
  const when = capitalise(frenchDateTime(event.startsAt));
  const intro = `<p>${escapeHtml(place ? `${when}, ${place.name}` : when)}</p>`;
  const paragraphs = (event.description ?? '')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`);
  return [intro, ...paragraphs].join('');
}

/** The address of the actor's copy of the event: each actor (its place, its organisation) publishes its own. */
export const eventObjectUrl = (actorUrl: string, eventId: string) => `${actorUrl}/events/${eventId}`;

/** The `Event` object (with its @context) for a published or cancelled event. */
export function eventObject(input: EventObjectInput): Record<string, unknown> {
  const { origin, actorUrl, eventId, event, place } = input;
  const page = `${origin}/events/${eventId}`;
  const picture = imageUrl(event.coverImage, origin);
  const cancelled = event.status === 'cancelled';
  const content = eventContentHtml(event, place);
  const address = place?.address;
  return {
    '@context': EVENT_CONTEXT,
    id: eventObjectUrl(actorUrl, eventId),
    type: 'Event',
    name: event.title,
    startTime: new Date(event.startsAt).toISOString(),
    ...(event.endsAt ? { endTime: new Date(event.endsAt).toISOString() } : {}),
    timezone: TIME_ZONE,
    url: page,
    attributedTo: actorUrl,
    to: [AS_PUBLIC],
    cc: [`${actorUrl}/followers`],
    content,
    contentMap: { fr: content },
    mediaType: 'text/html',
    published: new Date(input.createdAt).toISOString(),
    updated: new Date(input.updatedAt).toISOString(),
    eventStatus: cancelled ? EVENT_CANCELLED : EVENT_SCHEDULED,
    'ical:status': cancelled ? 'CANCELLED' : 'CONFIRMED',
    ...(place
      ? {
          location: {
            type: 'Place',
            name: place.name,
            ...(place.location ? { latitude: place.location.lat, longitude: place.location.lng } : {}),
            ...(address
              ? {
                  address: {
                    type: 'PostalAddress',
                    ...(address.street ? { streetAddress: address.street } : {}),
                    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
                    ...(address.city ? { addressLocality: address.city } : {}),
                    addressCountry: 'FR',
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(picture ? { image: { type: 'Image', url: picture }, attachment: [{ type: 'Document', name: 'Affiche', url: picture }] } : {}),
  };
}
