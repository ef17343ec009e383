import { z } from 'zod';
import { BADGE_RULE_MAX_COUNT, type ActivitySummary, type BadgeRule, type BadgeRuleKind } from './badge-kinds';

/**
 * What a visitor has done, as the server counts it (see ActivitySummary): read through this
 * schema before any rule sees it.
 */
export const ActivitySummarySchema = z.object({
  likes: z.number().int().min(0).default(0),
  follows: z.number().int().min(0).default(0),
  eventsAttended: z.number().int().min(0).default(0),
  tournamentsWon: z.number().int().min(0).default(0),
  blindTestPodiums: z.number().int().min(0).default(0),
  rafflesEntered: z.number().int().min(0).default(0),
  cities: z.number().int().min(0).default(0),
}) satisfies z.ZodType<ActivitySummary, unknown>;

/** No activity at all: a new account. */
export const NO_ACTIVITY: ActivitySummary = ActivitySummarySchema.parse({});

const Count = z.number().int().min(1, 'Le nombre doit être d’au moins 1.').max(BADGE_RULE_MAX_COUNT, `Le nombre ne peut dépasser ${BADGE_RULE_MAX_COUNT}.`);
const counted = <K extends string>(kind: K) => z.object({ kind: z.literal(kind), count: Count.default(1) });

/**
 * How a badge is earned (see BadgeRule), as the API takes it: the kind, and its threshold (1
 * when left out).
 */
export const BadgeRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manual') }),
  z.object({ kind: z.literal('firstLike') }),
  counted('likes'),
  counted('follows'),
  counted('eventsAttended'),
  counted('tournamentsWon'),
  counted('blindTestPodiums'),
  counted('rafflesEntered'),
  counted('cityExplorer'),
]) satisfies z.ZodType<BadgeRule, unknown>;

/** A new rule of a kind, with its numbers at their smallest. */
export function defaultBadgeRule(kind: BadgeRuleKind): BadgeRule {
  return BadgeRuleSchema.parse({ kind });
}
