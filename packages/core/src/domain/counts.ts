import { LOCALE } from './constants';

/** Long lists stop counting at this many rows: past it, the server says the total is an estimate. */
export const LIST_COUNT_CAP = 1000;

const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** A list's total as the interfaces say it: « 1 234 », or « plus de 1 000 » when counting stopped at the cap. */
export function totalLabel(total: number, isEstimate = false): string {
  return isEstimate ? `plus de ${integer.format(total)}` : integer.format(total);
}
