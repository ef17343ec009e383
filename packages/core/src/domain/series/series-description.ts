import { frenchDate, frenchTime, plural } from '../french-format';
import { repeatOf, type SeriesNth, type SeriesTiming, type SeriesWeekday } from './series-rule';

/* A series told in French, as the event page and the dashboard show it. */

const DAY_NAMES: Record<SeriesWeekday, string> = { MO: 'lundi', TU: 'mardi', WE: 'mercredi', TH: 'jeudi', FR: 'vendredi', SA: 'samedi', SU: 'dimanche' };
const NTH_NAMES: Record<`${SeriesNth}`, string> = { '1': 'premier', '2': 'deuxième', '3': 'troisième', '4': 'quatrième', '-1': 'dernier' };

/** « mardis et jeudis », « lundis, mercredis et vendredis ». */
function listOf(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} et ${words[words.length - 1]}`;
}

/** « Tous les mardis à 20 h 30 », « Un mardi sur deux à 20 h 30 », « Le premier vendredi du mois à 21 h ». */
export function describeRepeat(series: Pick<SeriesTiming, 'rule' | 'startTime'>): string {
  const parsed = repeatOf(series.rule);
  if (!parsed) return 'Date répétée';
  const at = `à ${frenchTime(series.startTime)}`;
  const { repeat } = parsed;
  if (repeat.kind === 'monthly') return `Le ${NTH_NAMES[`${repeat.nth}`]} ${DAY_NAMES[repeat.day]} du mois ${at}`;
  const names = repeat.days.map((d) => DAY_NAMES[d]);
  if (repeat.interval === 1) return repeat.days.length === 7 ? `Tous les jours ${at}` : `Tous les ${listOf(names.map((n) => `${n}s`))} ${at}`;
  return names.length === 1 ? `Un ${names[0]} sur deux ${at}` : `Une semaine sur deux, le ${listOf(names)}, ${at}`;
}

/** The description with its end: « Tous les mardis à 20 h 30, jusqu’au mardi 30 juin 2026 », « …, 10 dates ». */
export function describeSeries(series: Pick<SeriesTiming, 'rule' | 'startTime'>): string {
  const repeat = describeRepeat(series);
  const end = repeatOf(series.rule)?.end;
  if (end?.kind === 'until') return `${repeat}, jusqu’au ${frenchDate(end.date)}`;
  if (end?.kind === 'count') return `${repeat}, ${plural(end.count, 'date')}`;
  return repeat;
}

/** « Pause du lundi 13 juillet 2026 au lundi 24 août 2026 », « Pas le mardi 14 avril 2026 ». */
export function describeException(exception: { from: string; to: string }): string {
  return exception.from === exception.to ? `Pas le ${frenchDate(exception.from)}` : `Pause du ${frenchDate(exception.from)} au ${frenchDate(exception.to)}`;
}
