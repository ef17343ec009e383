import { dayFilterOf, DATE_FILTERS, parisDay, parisMidnight } from '@sortie/core';
import { formatDate } from '../../format';

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/**
 * Events in the order given, grouped as a French agenda reads: « Aujourd’hui », « Demain »,
 * « Ce week-end » (core's dayFilterOf), then one group per date.
 */
export function groupByDay<T extends { startsAt: string }>(events: readonly T[], now: Date): DayGroup<T>[] {
  const today = parisDay(now);
  const groups: DayGroup<T>[] = [];
  for (const event of events) {
    const day = parisDay(new Date(event.startsAt));
    const named = dayFilterOf(day, today);
    let key = day;
    let label: string;
    if (named) [key, label] = [named, DATE_FILTERS[named]];
    else {
      label = formatDate(parisMidnight(day).getTime() + 12 * 3600_000);
      label = label.charAt(0).toUpperCase() + label.slice(1);
    }
    let group = groups.find((g) => g.key === key);
    if (!group) groups.push((group = { key, label, items: [] }));
    group.items.push(event);
  }
  return groups;
}
