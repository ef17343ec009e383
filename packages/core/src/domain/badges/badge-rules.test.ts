import { describe, expect, it } from 'vitest';
import {
  ActivitySummarySchema,
  BADGE_RULE_KIND_NAMES,
  BADGE_RULE_KINDS,
  BadgeRuleSchema,
  badgeNotification,
  badgeProgress,
  badgeRuleOf,
  defaultBadgeRule,
  describeBadgeRule,
  earnedBadges,
  isEarned,
  NO_ACTIVITY,
  type ActivitySummary,
  type BadgeRule,
} from './index';

const activity = (over: Partial<ActivitySummary>): ActivitySummary => ActivitySummarySchema.parse(over);

describe('isEarned: exactly at the threshold, not before', () => {
  it.each([
    [{ kind: 'firstLike' }, 'likes', 1],
    [{ kind: 'likes', count: 10 }, 'likes', 10],
    [{ kind: 'follows', count: 5 }, 'follows', 5],
    [{ kind: 'eventsAttended', count: 3 }, 'eventsAttended', 3],
    [{ kind: 'tournamentsWon', count: 1 }, 'tournamentsWon', 1],
    [{ kind: 'tournamentsWon', count: 2 }, 'tournamentsWon', 2],
    [{ kind: 'blindTestPodiums', count: 1 }, 'blindTestPodiums', 1],
    [{ kind: 'rafflesEntered', count: 4 }, 'rafflesEntered', 4],
    [{ kind: 'cityExplorer', count: 3 }, 'cities', 3],
  ] as const)('%o counts %s and is earned at %i', (rule, measure, threshold) => {
    const parsed = BadgeRuleSchema.parse(rule);
    expect(isEarned(parsed, activity({ [measure]: threshold - 1 }))).toBe(false);
    expect(isEarned(parsed, activity({ [measure]: threshold }))).toBe(true);
    expect(isEarned(parsed, activity({ [measure]: threshold + 1 }))).toBe(true);
  });

  it('reads only its own count', () => {
    const busy = activity({ likes: 99, follows: 99, eventsAttended: 99, rafflesEntered: 99, cities: 99, blindTestPodiums: 99 });
    expect(isEarned({ kind: 'tournamentsWon', count: 1 }, busy)).toBe(false);
    expect(isEarned({ kind: 'firstLike' }, activity({ follows: 3 }))).toBe(false);
  });

  it('never earns a manual badge by itself', () => {
    const everything = activity({ likes: 1e4, follows: 1e4, eventsAttended: 1e4, tournamentsWon: 1e4, blindTestPodiums: 1e4, rafflesEntered: 1e4, cities: 1e4 });
    expect(isEarned({ kind: 'manual' }, everything)).toBe(false);
    expect(badgeProgress({ kind: 'manual' }, everything)).toBeNull();
  });

  it('earns nothing with no activity', () => {
    for (const kind of BADGE_RULE_KIND_NAMES) expect(isEarned(defaultBadgeRule(kind), NO_ACTIVITY)).toBe(false);
  });
});

describe('earnedBadges', () => {
  const badges = [
    { _id: 'a', name: 'Premier pas', rule: { kind: 'firstLike' } },
    { _id: 'b', name: 'Fan', rule: { kind: 'likes', count: 3 } },
    { _id: 'c', name: 'À la main', rule: { kind: 'manual' } },
    { _id: 'd', name: 'Ancien', rule: 'Aimer un événement' },
    { _id: 'e', name: 'Abonné', rule: { kind: 'follows', count: 2 } },
  ];

  it('keeps the badges the activity earns, in their order', () => {
    expect(earnedBadges(badges, activity({ likes: 1 })).map((b) => b._id)).toEqual(['a']);
    expect(earnedBadges(badges, activity({ likes: 3, follows: 2 })).map((b) => b._id)).toEqual(['a', 'b', 'e']);
    expect(earnedBadges(badges, NO_ACTIVITY)).toEqual([]);
  });

  it('reads the free text of earlier versions as manual (never earned)', () => {
    expect(badgeRuleOf('Aimer un événement')).toEqual({ kind: 'manual' });
    expect(badgeRuleOf({ kind: 'likes', count: 0 })).toEqual({ kind: 'manual' });
    expect(earnedBadges(badges, activity({ likes: 100 })).map((b) => b._id)).not.toContain('d');
  });
});

describe('describeBadgeRule', () => {
  it.each([
    [{ kind: 'firstLike' }, 'Aimer un premier événement'],
    [{ kind: 'likes', count: 10 }, 'Aimer 10 événements'],
    [{ kind: 'likes', count: 1 }, 'Aimer un événement'],
    [{ kind: 'follows', count: 5 }, 'Suivre 5 lieux, organisations, artistes ou personnes'],
    [{ kind: 'eventsAttended', count: 3 }, 'Participer à 3 événements'],
    [{ kind: 'tournamentsWon', count: 1 }, 'Gagner un tournoi'],
    [{ kind: 'tournamentsWon', count: 3 }, 'Gagner 3 tournois'],
    [{ kind: 'blindTestPodiums', count: 1 }, 'Finir sur le podium d’un blind test'],
    [{ kind: 'blindTestPodiums', count: 2 }, 'Finir 2 fois sur le podium d’un blind test'],
    [{ kind: 'rafflesEntered', count: 5 }, 'Participer à 5 tombolas'],
    [{ kind: 'cityExplorer', count: 3 }, 'Sortir dans 3 villes différentes'],
    [{ kind: 'likes', count: 1000 }, 'Aimer 1\u202f000 événements'],
    [{ kind: 'manual' }, 'Attribué à la main par l’équipe'],
    ['texte libre', 'Attribué à la main par l’équipe'],
  ] as const)('%o → « %s »', (rule, sentence) => {
    expect(describeBadgeRule(rule)).toBe(sentence);
  });

  it('gives every kind a French label and a sentence', () => {
    for (const kind of BADGE_RULE_KIND_NAMES) {
      expect(BADGE_RULE_KINDS[kind].label).not.toBe('');
      expect(describeBadgeRule(defaultBadgeRule(kind))).toMatch(/^[A-ZÀ-Ý]/);
    }
  });
});

describe('BadgeRuleSchema', () => {
  it('takes 1 when a count is left out, and refuses 0 or an unknown kind in French', () => {
    expect(BadgeRuleSchema.parse({ kind: 'likes' })).toEqual({ kind: 'likes', count: 1 });
    const zero = BadgeRuleSchema.safeParse({ kind: 'likes', count: 0 });
    expect(zero.success ? null : zero.error.issues[0]?.message).toBe('Le nombre doit être d’au moins 1.');
    expect(BadgeRuleSchema.safeParse({ kind: 'dance' }).success).toBe(false);
  });

  it('agrees with the pages’ reader of stored rules, which has no zod', () => {
    const values = [{ kind: 'likes', count: 3 }, { kind: 'likes' }, { kind: 'firstLike' }, { kind: 'manual' }, { kind: 'cityExplorer', count: 10_000 }, { kind: 'follows', count: 10_001 }, { kind: 'follows', count: 1.5 }, { kind: 'toString' }, 'texte', null, 3];
    for (const value of values) {
      const parsed = BadgeRuleSchema.safeParse(value);
      expect(badgeRuleOf(value), JSON.stringify(value)).toEqual(parsed.success ? parsed.data : { kind: 'manual' });
    }
  });

  it('keeps no number on the kinds that take none', () => {
    const rule: BadgeRule = BadgeRuleSchema.parse({ kind: 'firstLike', count: 4 });
    expect(rule).toEqual({ kind: 'firstLike' });
  });
});

describe('badgeProgress and badgeNotification', () => {
  it('caps the count at the threshold', () => {
    expect(badgeProgress({ kind: 'likes', count: 10 }, activity({ likes: 4 }))).toEqual({ current: 4, target: 10 });
    expect(badgeProgress({ kind: 'likes', count: 10 }, activity({ likes: 40 }))).toEqual({ current: 10, target: 10 });
  });

  it('names the badge and links to the visitor’s badges', () => {
    expect(badgeNotification({ name: 'Premier pas', description: 'Votre premier événement aimé.', rule: { kind: 'firstLike' } })).toEqual({
      title: 'Nouveau badge : Premier pas',
      body: 'Votre premier événement aimé.',
      link: '/users/badges',
    });
    expect(badgeNotification({ name: 'Fan', rule: { kind: 'likes', count: 3 } }).body).toBe('Aimer 3 événements : c’est fait !');
  });
});
