import { formatRange, MAX_RANGES_A_DAY, parseRange, pastMidnight, rangeProblem, WEEKDAYS, type Weekday } from '@sortie/core';
import { ADD_BUTTON, INPUT, SMALL_BUTTON } from './styles';

export type OpeningHours = Partial<Record<Weekday, string[]>>;

const DEFAULT_RANGE = formatRange('10:00', '18:00');

/**
 * A place's week: per day, « Fermé » or up to four ranges of two times (HH:MM, an end before
 * the start closing after midnight), each checked as it is typed with core's rule.
 * `errors(path)` gives the server's message for `mon.0`….
 */
export function OpeningHoursInput({ id, label, value, onChange, errors }: { id: string; label: string; value: unknown; onChange: (value: OpeningHours) => void; errors?: (path: string) => string | undefined }) {
  const hours = (value && typeof value === 'object' ? value : {}) as OpeningHours;
  const setDay = (day: Weekday, ranges: string[]) => {
    const next: OpeningHours = { ...hours };
    if (ranges.length) next[day] = ranges;
    else delete next[day];
    onChange(next);
  };
  // No range at all is « not known », not « closed all week »: the public page then shows no hours (core's openingHoursLines).
  const unknown = WEEKDAYS.every(([day]) => !hours[day]?.length);
  return (
    <fieldset className="space-y-2 rounded-lg border border-line p-3" id={id}>
      <legend className="px-1 text-sm font-medium">{label}</legend>
      {unknown && <p className="text-sm text-muted">Aucun horaire renseigné : la page du lieu n’en affiche pas. Décochez « Fermé » pour ouvrir un jour.</p>}
      <ul className="divide-y divide-line">
        {WEEKDAYS.map(([day, dayName]) => {
          const ranges = hours[day] ?? [];
          const closed = ranges.length === 0;
          const dayId = `${id}-${day}`;
          return (
            <li key={day} className="py-2" role="group" aria-labelledby={`${dayId}-name`}>
              <div className="flex flex-wrap items-center gap-3">
                <span id={`${dayId}-name`} className="w-24 font-medium">
                  {dayName}
                </span>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={closed} onChange={(event) => setDay(day, event.target.checked ? [] : [DEFAULT_RANGE])} className="size-4 accent-(--color-primary)" />
                  Fermé
                </label>
              </div>
              {!closed && (
                <ol className="mt-2 space-y-2">
                  {ranges.map((range, index) => {
                    const { from, to } = parseRange(range);
                    const problem = rangeProblem(from, to) ?? errors?.(`${day}.${index}`);
                    const rangeId = `${dayId}-${index}`;
                    const set = (nextFrom: string, nextTo: string) => setDay(day, ranges.map((r, i) => (i === index ? formatRange(nextFrom, nextTo) : r)));
                    const which = ranges.length > 1 ? `, plage ${index + 1}` : '';
                    return (
                      <li key={index} className="flex flex-wrap items-end gap-2">
                        <label className="text-xs text-muted">
                          De
                          <input
                            type="time"
                            step={300}
                            value={from}
                            aria-label={`Ouverture le ${dayName.toLowerCase()}${which}`}
                            aria-invalid={problem ? true : undefined}
                            aria-describedby={problem ? `${rangeId}-error` : undefined}
                            onChange={(event) => set(event.target.value, to)}
                            className={`${INPUT} mt-1 w-32`}
                          />
                        </label>
                        <label className="text-xs text-muted">
                          à
                          <input
                            type="time"
                            step={300}
                            value={to}
                            aria-label={`Fermeture le ${dayName.toLowerCase()}${which}`}
                            aria-invalid={problem ? true : undefined}
                            aria-describedby={problem ? `${rangeId}-error` : undefined}
                            onChange={(event) => set(from, event.target.value)}
                            className={`${INPUT} mt-1 w-32`}
                          />
                        </label>
                        {!problem && pastMidnight(from, to) && <span className="pb-2 text-xs text-muted">(le lendemain)</span>}
                        <button type="button" className={`${SMALL_BUTTON} text-error`} onClick={() => setDay(day, ranges.filter((_, i) => i !== index))} aria-label={`Retirer la plage ${index + 1} du ${dayName.toLowerCase()}`}>
                          Retirer
                        </button>
                        {problem && (
                          <p id={`${rangeId}-error`} className="w-full text-sm text-error">
                            {problem}
                          </p>
                        )}
                      </li>
                    );
                  })}
                </ol>
              )}
              {!closed && (
                <button
                  type="button"
                  disabled={ranges.length >= MAX_RANGES_A_DAY}
                  className={`${ADD_BUTTON} mt-2`}
                  onClick={() => setDay(day, [...ranges, formatRange('', '')])}
                  aria-label={`Ajouter une plage le ${dayName.toLowerCase()}`}
                >
                  Ajouter une plage
                </button>
              )}
              {errors?.(day) && <p className="text-sm text-error">{errors(day)}</p>}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
