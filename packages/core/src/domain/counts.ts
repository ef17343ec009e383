import { LOCALE } from './constants';

/**
 * Long lists stop counting at this many rows (past the page asked for): the server then says the
 * total is an estimate, and the interfaces say « plus de 100 ». Counting reads every counted row,
 * so a larger cap costs every full page of a city feed (1,000 rows took 14 ms on PGlite).
 */
export const LIST_COUNT_CAP = 100;

const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** A list's total as the interfaces say it: « 1 234 », or « plus de 1 000 » when counting stopped at the cap. */
export function totalLabel(total: number, isEstimate = false): string {
  return isEstimate ? `plus de ${integer.format(total)}` : integer.format(total);
}
