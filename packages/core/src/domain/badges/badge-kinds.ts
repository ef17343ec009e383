/*
 * The kinds of badge rule, their French names and sentences, and their pure evaluation, with no
 * zod: the public pages that show a badge's rule read this module alone (the schemas that check
 * a rule at the API are in badge-rules.ts).
 */

/** What a visitor has done, as the server counts it: each count is of distinct things (two entries in one raffle count once). */
export interface ActivitySummary {
  /** Events liked. */
  likes: number;
  /** Places, organisations, artists and people followed. */
  follows: number;
  /** Events attended through a form entry (a form of no event counts as one event). */
  eventsAttended: number;
  /** Finished tournaments the visitor won. */
  tournamentsWon: number;
  /** Finished blind tests the visitor ended in the first three. */
  blindTestPodiums: number;
  /** Raffles entered (confirmed). */
  rafflesEntered: number;
  /** Distinct cities of the events liked or attended. */
  cities: number;
}

/** The kinds whose rule is a threshold on one count. */
export type CountedBadgeRuleKind = 'likes' | 'follows' | 'eventsAttended' | 'tournamentsWon' | 'blindTestPodiums' | 'rafflesEntered' | 'cityExplorer';
/**
 * How a badge is earned. `manual`: never by itself (staff award it); `firstLike`: a first like;
 * every other kind as soon as its count reaches `count`.
 */
export type BadgeRule = { kind: 'manual' } | { kind: 'firstLike' } | { [K in CountedBadgeRuleKind]: { kind: K; count: number } }[CountedBadgeRuleKind];
export type BadgeRuleKind = BadgeRule['kind'];

/** The most a threshold may ask for. */
export const BADGE_RULE_MAX_COUNT = 10_000;

/** A number a rule kind asks for, as the dashboard's form shows it. */
export interface BadgeRuleParam {
  key: 'count';
  label: string;
  min: number;
  max: number;
}

interface KindDefinition {
  /** The kind's name in the dashboard's list of kinds. */
  label: string;
  /** The activity count the threshold is compared with; none: never earned by itself. */
  measure: keyof ActivitySummary | null;
  /** The numbers the kind asks for. */
  params: BadgeRuleParam[];
  /** The rule as a French sentence, from its threshold. */
  sentence: (count: number) => string;
}

const fr = new Intl.NumberFormat('fr-FR');
/** « un tournoi » for one, « 3 tournois » otherwise. */
const amount = (count: number, one: string, many: string) => (count === 1 ? one : `${fr.format(count)} ${many}`);
const countParam = (label: string): BadgeRuleParam[] => [{ key: 'count', label, min: 1, max: BADGE_RULE_MAX_COUNT }];

/** Every rule kind, in the order the dashboard offers them. */
export const BADGE_RULE_KINDS: Readonly<Record<BadgeRuleKind, KindDefinition>> = {
  firstLike: { label: 'Premier événement aimé', measure: 'likes', params: [], sentence: () => 'Aimer un premier événement' },
  likes: { label: 'Événements aimés', measure: 'likes', params: countParam('Nombre d’événements aimés'), sentence: (n) => `Aimer ${amount(n, 'un événement', 'événements')}` },
  follows: {
    label: 'Abonnements',
    measure: 'follows',
    params: countParam('Nombre d’abonnements'),
    sentence: (n) => (n === 1 ? 'Suivre un lieu, une organisation, un artiste ou une personne' : `Suivre ${fr.format(n)} lieux, organisations, artistes ou personnes`),
  },
  eventsAttended: {
    label: 'Participations à des événements',
    measure: 'eventsAttended',
    params: countParam('Nombre d’événements'),
    sentence: (n) => `Participer à ${amount(n, 'un événement', 'événements')}`,
  },
  tournamentsWon: { label: 'Tournois gagnés', measure: 'tournamentsWon', params: countParam('Nombre de tournois gagnés'), sentence: (n) => `Gagner ${amount(n, 'un tournoi', 'tournois')}` },
  blindTestPodiums: {
    label: 'Podiums de blind test',
    measure: 'blindTestPodiums',
    params: countParam('Nombre de podiums'),
    sentence: (n) => (n === 1 ? 'Finir sur le podium d’un blind test' : `Finir ${fr.format(n)} fois sur le podium d’un blind test`),
  },
  rafflesEntered: { label: 'Tombolas', measure: 'rafflesEntered', params: countParam('Nombre de tombolas'), sentence: (n) => `Participer à ${amount(n, 'une tombola', 'tombolas')}` },
  cityExplorer: {
    label: 'Explorateur de villes',
    measure: 'cities',
    params: countParam('Nombre de villes'),
    sentence: (n) => (n === 1 ? 'Sortir dans une ville' : `Sortir dans ${fr.format(n)} villes différentes`),
  },
  manual: { label: 'Attribué à la main', measure: null, params: [], sentence: () => 'Attribué à la main par l’équipe' },
};

export const BADGE_RULE_KIND_NAMES = Object.keys(BADGE_RULE_KINDS) as BadgeRuleKind[];

/** The threshold a rule asks for (1 for the kinds that take no number). */
const thresholdOf = (rule: BadgeRule): number => ('count' in rule ? rule.count : 1);

/** Whatever a stored badge holds as its rule, as a rule: the free text of earlier versions is `manual`. */
export function badgeRuleOf(value: unknown): BadgeRule {
  if (typeof value !== 'object' || value === null) return { kind: 'manual' };
  const { kind, count } = value as { kind?: unknown; count?: unknown };
  if (typeof kind !== 'string' || !Object.hasOwn(BADGE_RULE_KINDS, kind)) return { kind: 'manual' };
  const known = kind as BadgeRuleKind;
  if (known === 'manual' || known === 'firstLike') return { kind: known };
  if (count === undefined) return { kind: known, count: 1 };
  return Number.isInteger(count) && (count as number) >= 1 && (count as number) <= BADGE_RULE_MAX_COUNT ? { kind: known, count: count as number } : { kind: 'manual' };
}

/** The rule as a French sentence (« Aimer 10 événements », « Gagner un tournoi »…). */
export function describeBadgeRule(rule: unknown): string {
  const parsed = badgeRuleOf(rule);
  return BADGE_RULE_KINDS[parsed.kind].sentence(thresholdOf(parsed));
}

/** Where a visitor stands on a rule: their count and the threshold; null for a rule never earned by itself. */
export function badgeProgress(rule: BadgeRule, activity: ActivitySummary): { current: number; target: number } | null {
  const measure = BADGE_RULE_KINDS[rule.kind].measure;
  if (!measure) return null;
  const target = thresholdOf(rule);
  return { current: Math.min(activity[measure], target), target };
}

/** Whether the activity earns the rule: its count has reached the threshold. */
export function isEarned(rule: BadgeRule, activity: ActivitySummary): boolean {
  const progress = badgeProgress(rule, activity);
  return progress !== null && progress.current >= progress.target;
}

/** The badges whose rule the activity earns, in their order (whether already awarded is the caller's to know). */
export function earnedBadges<B extends { rule?: unknown }>(badges: readonly B[], activity: ActivitySummary): B[] {
  return badges.filter((badge) => isEarned(badgeRuleOf(badge.rule), activity));
}

/** The notification of a badge just awarded. */
export function badgeNotification(badge: { name: string; description?: string; rule?: unknown }): { title: string; body: string; link: string } {
  return { title: `Nouveau badge : ${badge.name}`, body: badge.description || `${describeBadgeRule(badge.rule)} : c’est fait !`, link: '/users/badges' };
}
