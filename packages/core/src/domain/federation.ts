import { z } from 'zod';
import { IsoDateTimeSchema, ObjectIdSchema } from './schemas/common.schema';

/*
 * ActivityPub (issue 35) as the dashboard reads and sets it: each place and organisation is an
 * actor; its followers on other servers, the Like, Announce and Join (Mobilizon) of its events,
 * the remote actors it follows and what they sent, and its « Fédération » switch.
 */
export const FederationOwnerSchema = z.enum(['places', 'organizations']);
export type FederationOwner = z.infer<typeof FederationOwnerSchema>;
export const FederationPathSchema = z.object({ kind: FederationOwnerSchema, id: ObjectIdSchema });

export const FederationSwitchSchema = z.object({ enabled: z.boolean() });
export const FederationFollowInputSchema = z.object({
  handle: z
    .string()
    .trim()
    .regex(/^@?[A-Za-z0-9_.~-]{1,100}@[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$/, 'Identifiant attendu sous la forme @nom@serveur.exemple.'),
});

export const FEDERATION_INTERACTION_LABELS = { like: 'a aimé', announce: 'a partagé', join: 'participe à' } as const;

export const FederationOverviewSchema = z.object({
  enabled: z.boolean(),
  /** `@handle@host`, as people on Mastodon type it. */
  handle: z.string(),
  actorUrl: z.string(),
  followers: z.array(z.object({ actor: z.string(), handle: z.string().nullable(), name: z.string().nullable(), since: IsoDateTimeSchema })),
  interactions: z.array(
    z.object({ kind: z.enum(['like', 'announce', 'join']), actor: z.string(), handle: z.string().nullable(), eventId: z.string().nullable(), eventTitle: z.string().nullable(), at: IsoDateTimeSchema }),
  ),
  following: z.array(z.object({ actor: z.string(), handle: z.string().nullable(), state: z.enum(['pending', 'accepted']), since: IsoDateTimeSchema })),
  received: z.array(
    z.object({
      type: z.string(),
      actor: z.string(),
      activityId: z.string().nullable(),
      objectId: z.string().nullable(),
      name: z.string().nullable(),
      startTime: z.string().nullable(),
      status: z.string().nullable(),
      at: IsoDateTimeSchema,
    }),
  ),
});
export type FederationOverview = z.infer<typeof FederationOverviewSchema>;
