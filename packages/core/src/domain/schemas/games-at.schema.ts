import { z } from 'zod';
import { ChampionshipSchema, EventSchema } from './events.schema';
import { FormSchema } from './forms.schema';
import { BlindTestSchema, RaffleSchema, TournamentSchema } from './games.schema';

/*
 * What the public pages lead to, each in one request: an event's games on its page, and what is
 * on at a venue tonight on the place's page.
 */

/** GET /api/events/:id/games: the event's games that visitors may see (no drafts), each kind in its order. */
export const EventGamesSchema = z.object({
  tournaments: z.array(TournamentSchema.loose()),
  championships: z.array(ChampionshipSchema.loose()),
  /** Without the game (it holds the answers); with the join code while one is played. */
  blindTests: z.array(BlindTestSchema.loose()),
  raffles: z.array(RaffleSchema.loose()),
  forms: z.array(FormSchema.loose()),
});
export type EventGames = z.infer<typeof EventGamesSchema>;

/** GET /api/places/:id/tonight: today's events at the venue not over yet, and what can be joined there now. */
export const PlaceTonightSchema = z.object({
  events: z.array(EventSchema.loose()),
  /** Running, at one of those events. */
  tournaments: z.array(TournamentSchema.loose()),
  /** Being played at the venue. */
  blindTests: z.array(BlindTestSchema.loose()),
  /** Taking entries at the venue now. */
  raffles: z.array(RaffleSchema.loose()),
});
export type PlaceTonight = z.infer<typeof PlaceTonightSchema>;
