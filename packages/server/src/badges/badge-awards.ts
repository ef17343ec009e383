import { z } from 'zod';
import { badgeNotification, badgeRuleOf, isEarned, leaderboard, type ActivitySummary, type BadgeRule, type Game } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import type { Db } from '../db/database';
import { newId } from '../db/store';
import { activitySummary, everyActivitySummary } from './activity-summary';

/** A badge as the award reads it: its rule through core's reader (the free text of old rows is `manual`). */
const StoredBadge = z.object({ name: z.string().catch('Badge'), description: z.string().catch(''), rule: z.unknown() });
interface RuledBadge {
  id: string;
  name: string;
  description: string;
  rule: BadgeRule;
}

const ruled = (row: { id: string; data: unknown }): RuledBadge => {
  const data = StoredBadge.parse(row.data);
  return { id: row.id, name: data.name, description: data.description, rule: badgeRuleOf(data.rule) };
};

/** Records the award (once: user_badges is unique per user and badge); true when it is new. */
async function award(db: Db, userId: string, badgeId: string, awardedAt: string): Promise<boolean> {
  const rows = await db.query('INSERT INTO user_badges (id, user_id, badge_id, data) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, badge_id) DO NOTHING RETURNING id', [
    newId(), userId, badgeId, JSON.stringify({ userId, badgeId, awardedAt }),
  ]);
  return rows.length > 0;
}

/** Tells the visitor, on their sockets and in their notifications. */
async function announce(ctx: AppContext, userId: string, badge: RuledBadge): Promise<void> {
  await ctx.notify({ userId, ...badgeNotification(badge) });
}

/**
 * After one of the visitor's actions (a like, a follow, an entry, a win…): reads their activity,
 * awards each badge core's rule says they have now earned and they did not have yet, and
 * notifies them of each. Answers the badges newly awarded.
 */
export async function awardEarnedBadges(ctx: AppContext, userId: string): Promise<RuledBadge[]> {
  const rows = await ctx.db.query<{ id: string; data: unknown }>(
    `SELECT b.id, b.data FROM badges b WHERE NOT EXISTS (SELECT 1 FROM user_badges ub WHERE ub.badge_id = b.id AND ub.user_id = $1) ORDER BY b.name, b.id`,
    [userId],
  );
  const candidates = rows.map(ruled).filter((badge) => badge.rule.kind !== 'manual');
  if (!candidates.length) return [];
  const activity = await activitySummary(ctx.db, userId);
  const awardedAt = new Date(ctx.now()).toISOString();
  const awarded: RuledBadge[] = [];
  for (const badge of candidates) {
    if (isEarned(badge.rule, activity) && (await award(ctx.db, userId, badge.id, awardedAt))) awarded.push(badge);
  }
  for (const badge of awarded) await announce(ctx, userId, badge);
  return awarded;
}

/**
 * The award after an action, for one visitor or several (a tournament's winner, a blind test's
 * podium). A failure is logged, never the action's: what the visitor did is stored, and their next
 * action or the nightly job (badges-job.ts) awards what this one missed.
 */
export async function awardEarnedBadgesQuietly(ctx: AppContext, userIds: Iterable<string>): Promise<void> {
  for (const userId of new Set(userIds)) {
    try {
      await awardEarnedBadges(ctx, userId);
    } catch (error) {
      console.error(`Badges de ${userId} :`, error);
    }
  }
}

/**
 * A badge created or whose rule changed: awarded to every visitor whose activity already earns it
 * (one query for every visitor's counts unless given), each notified. Answers how many received it.
 */
export async function awardBadgeToEveryone(ctx: AppContext, badgeId: string, summaries?: Map<string, ActivitySummary>): Promise<number> {
  const [row] = await ctx.db.query<{ id: string; data: unknown }>('SELECT id, data FROM badges WHERE id = $1', [badgeId]);
  if (!row) return 0;
  const badge = ruled(row);
  if (badge.rule.kind === 'manual') return 0;
  const owners = new Set((await ctx.db.query<{ user_id: string }>('SELECT user_id FROM user_badges WHERE badge_id = $1', [badgeId])).map((r) => r.user_id));
  const activities = summaries ?? (await everyActivitySummary(ctx.db));
  const awardedAt = new Date(ctx.now()).toISOString();
  let count = 0;
  for (const [userId, activity] of activities) {
    if (owners.has(userId) || !isEarned(badge.rule, activity)) continue;
    if (!(await award(ctx.db, userId, badge.id, awardedAt))) continue;
    count += 1;
    await announce(ctx, userId, badge);
  }
  return count;
}

/**
 * Every badge over every visitor: what an action's award missed (a process stopped between the
 * action and its award, an award that failed) is given here, once.
 */
export async function awardEveryBadge(ctx: AppContext): Promise<number> {
  const badges = await ctx.db.query<{ id: string }>('SELECT id FROM badges ORDER BY id');
  if (!badges.length) return 0;
  const summaries = await everyActivitySummary(ctx.db);
  let count = 0;
  for (const { id } of badges) count += await awardBadgeToEveryone(ctx, id, summaries);
  return count;
}

/** Runs `awardBadgeToEveryone` after a badge's write, in the background (its failure logged). */
export function awardBadgeInBackground(ctx: AppContext, badgeId: string): void {
  void awardBadgeToEveryone(ctx, badgeId).catch((error: unknown) => console.error('Badges :', error));
}

/** What the award reads of a tournament: its status, its winner and who each participant is. */
const WonTournament = z.object({
  status: z.string(),
  winnerId: z.string().nullable().default(null),
  participants: z.array(z.object({ id: z.string(), userId: z.string().optional() })).default([]),
});

/** A tournament just written: once finished, its winner (a participant with an account) may have earned a badge. */
export function awardTournamentWinner(ctx: AppContext, tournament: unknown): void {
  const parsed = WonTournament.safeParse(tournament);
  if (!parsed.success || parsed.data.status !== 'finished' || !parsed.data.winnerId) return;
  const winner = parsed.data.participants.find((p) => p.id === parsed.data.winnerId);
  if (winner?.userId) void awardEarnedBadgesQuietly(ctx, [winner.userId]);
}

/** A signed-in visitor joined a blind test as `playerId`: their podium will count for their badges. */
export async function recordBlindTestPlayer(ctx: AppContext, blindTestId: string, playerId: string, user: Promise<{ _id: string } | null>): Promise<void> {
  try {
    const signedIn = await user;
    if (!signedIn) return;
    await ctx.db.query('INSERT INTO blind_test_players (blind_test_id, player_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [blindTestId, playerId, signedIn._id]);
  } catch (error) {
    console.error('Badges (blind test) :', error);
  }
}

/** A blind test reached its podium: its first three who joined signed in are recorded, and their badges awarded. */
export async function awardBlindTestPodium(ctx: AppContext, blindTestId: string, game: Game): Promise<void> {
  try {
    const podium = leaderboard(game).slice(0, 3);
    if (!podium.length) return;
    const rows = await ctx.db.query<{ user_id: string; player_id: string }>('SELECT user_id, player_id FROM blind_test_players WHERE blind_test_id = $1 AND player_id = ANY($2::text[])', [
      blindTestId, podium.map((p) => p.playerId),
    ]);
    for (const row of rows) {
      const rank = podium.find((p) => p.playerId === row.player_id)!.rank;
      await ctx.db.query('INSERT INTO blind_test_podiums (blind_test_id, user_id, rank) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [blindTestId, row.user_id, rank]);
    }
    await awardEarnedBadgesQuietly(ctx, rows.map((r) => r.user_id));
  } catch (error) {
    console.error('Badges (blind test) :', error);
  }
}
