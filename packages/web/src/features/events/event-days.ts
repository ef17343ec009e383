import { formatDate } from '../../format';
import { addDays, parisDay, parisMidnight, weekdayOf } from './paris-time';

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** The Saturday and Sunday of the weekend to come (or under way) from `today`. */
function weekendOf(today: string): [string, string] {
  const weekday = weekdayOf(today);
  const saturday = weekday === 6 ? addDays(today, -1) : addDays(today, 5 - weekday);
  return [saturday, addDays(saturday, 1)];
}

/**
 * Events in the order given, grouped as a French agenda reads: « Aujourd’hui », « Demain »,
 * « Ce week-end » (the coming Saturday and Sunday not already named), then one group per date.
 */
export function groupByDay<T extends { startsAt: string }>(events: readonly T[], now: Date): DayGroup<T>[] {
  const today = parisDay(now);
  const tomorrow = addDays(today, 1);
  const weekend = weekendOf(today);
  const groups: DayGroup<T>[] = [];
  for (const event of events) {
    const day = parisDay(new Date(event.startsAt));
    let key = day;
    let label = formatDate(parisMidnight(day).getTime() + 12 * 3600_000);
    label = label.charAt(0).toUpperCase() + label.slice(1);
    if (day === today) [key, label] = ['today', 'Aujourd’hui'];
    else if (day === tomorrow) [key, label] = ['tomorrow', 'Demain'];
    else if (weekend.includes(day)) [key, label] = ['weekend', 'Ce week-end'];
    let group = groups.find((g) => g.key === key);
    if (!group) groups.push((group = { key, label, items: [] }));
    group.items.push(event);
  }
  return groups;
}

export const DATE_FILTERS = {
  today: 'Aujourd’hui',
  tomorrow: 'Demain',
  weekend: 'Ce week-end',
  week: 'Cette semaine',
} as const;
export type DateFilter = keyof typeof DATE_FILTERS;

export const isDateFilter = (value: string | null | undefined): value is DateFilter => !!value && value in DATE_FILTERS;

/** The [from, to) instants of a date filter, in Paris days; `from` never before now. */
export function rangeOf(filter: DateFilter, now: Date): { from: string; to: string } {
  const today = parisDay(now);
  const [saturday] = weekendOf(today);
  const span: Record<DateFilter, [string, string]> = {
    today: [today, addDays(today, 1)],
    tomorrow: [addDays(today, 1), addDays(today, 2)],
    weekend: [saturday, addDays(saturday, 2)],
    week: [today, addDays(today, 7 - weekdayOf(today))],
  };
  const [start, end] = span[filter];
  const from = new Date(Math.max(parisMidnight(start).getTime(), now.getTime()));
  return { from: from.toISOString(), to: new Date(parisMidnight(end).getTime() - 1).toISOString() };
}
