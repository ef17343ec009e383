import { useEffect, useState } from 'react';
import { mdiMedal, mdiMusic, mdiShoePrint, mdiStar, mdiTrophy, mdiWeatherNight } from '@mdi/js';
import { badgeRuleOf, describeBadgeRule, isKnownIcon, type Badge } from '@sortie/core';
import { Icon } from '../../components/Icon';
import { formatDate } from '../../format';

// The icons the demo's badges use come with the page; any other of core's catalogue (chosen in the
// dashboard's picker) brings the catalogue's drawings, loaded once after the page is drawn, the medal meanwhile.
const ICONS: Record<string, string> = { mdiMedal, mdiMusic, mdiShoePrint, mdiStar, mdiTrophy, mdiWeatherNight };

function useCatalogue(wanted: boolean): Readonly<Record<string, string>> | null {
  const [paths, setPaths] = useState<Readonly<Record<string, string>> | null>(null);
  useEffect(() => {
    if (!wanted || paths) return;
    let live = true;
    void import('../../components/icon-paths').then(
      (module) => live && setPaths(module.ICON_PATHS),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, paths]);
  return paths;
}

export type AwardedBadge = Badge & { awardedAt?: string | null };

/**
 * Badges as a grid of cards: icon, name, description, how it is earned (core's sentence) and the
 * day it was earned; names are headings one level below the section's.
 */
export function BadgeList({ badges, headingLevel = 3 }: { badges: readonly AwardedBadge[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const catalogue = useCatalogue(badges.some((badge) => !ICONS[badge.icon] && isKnownIcon(badge.icon)));
  return (
    <ul className="mt-4 grid gap-3 sm:grid-cols-2">
      {badges.map((badge) => (
        <li key={badge._id} className="flex gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent/15 text-accent">
            <Icon path={ICONS[badge.icon] ?? catalogue?.[badge.icon] ?? mdiMedal} size={26} />
          </span>
          <div className="min-w-0">
            <Heading className="font-semibold">{badge.name}</Heading>
            {badge.description && <p className="mt-0.5 text-sm text-muted">{badge.description}</p>}
            {badgeRuleOf(badge.rule).kind !== 'manual' && <p className="mt-1 text-xs">{describeBadgeRule(badge.rule)}</p>}
            {badge.awardedAt && <p className="mt-1 text-xs text-muted">Obtenu le {formatDate(badge.awardedAt)}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
