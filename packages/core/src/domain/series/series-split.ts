import { addDays } from '../paris-time';
import { lastDate, repeatOf, ruleOf, type SeriesTiming } from './series-rule';

/*
 * « Toutes les dates suivantes »: a series changed from a day on becomes two, as calendar apps do
 * (RFC 5545 leaves RANGE=THISANDFUTURE to few of them): the first keeps its rule up to the day
 * before, the second carries the new rule and template from that day.
 */

/** The series' rule ending the day before `day` (its dates before it unchanged, a COUNT included). */
export function ruleEndingBefore(series: SeriesTiming, day: string): string {
  const parsed = repeatOf(series.rule);
  if (!parsed) return series.rule;
  const until = addDays(day, -1);
  const last = lastDate(series);
  if (last !== null && last <= until) return series.rule;
  return ruleOf(parsed.repeat, { kind: 'until', date: until });
}
