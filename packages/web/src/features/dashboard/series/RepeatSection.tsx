import { useId } from 'react';
import { describeSeries, SERIES_NTHS, SERIES_WEEKDAYS, type SeriesNth, type SeriesWeekday } from '@sortie/core';
import { ruleOfDraft, type RepeatDraft } from './repeat-draft';

const DAY_LABELS: Record<SeriesWeekday, string> = { MO: 'lundi', TU: 'mardi', WE: 'mercredi', TH: 'jeudi', FR: 'vendredi', SA: 'samedi', SU: 'dimanche' };
const NTH_LABELS: Array<[SeriesNth, string]> = [[1, 'premier'], [2, 'deuxième'], [3, 'troisième'], [4, 'quatrième'], [-1, 'dernier']];
const KINDS: ReadonlyArray<RepeatDraft['kind']> = ['none', 'weekly', 'biweekly', 'monthly'];
const ENDS: ReadonlyArray<RepeatDraft['end']> = ['never', 'until', 'count'];
/** The option chosen among `options`, read back from a select's text value. */
const pick = <T extends string | number>(options: ReadonlyArray<T>, text: string, fallback: T): T => options.find((option) => String(option) === text) ?? fallback;
const input = 'rounded-lg border border-line bg-background px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary';
const small = 'rounded-lg px-3 py-1.5 text-sm ring-1 ring-line hover:bg-white/10 focus-visible:outline-2';

/**
 * The « Répétition » section of the event form: none, every week on chosen days, every other
 * week, or the Nth weekday of each month; ending on a date or after N dates; pauses as date
 * ranges. For a date of a series, « Garder la répétition actuelle » leaves its rule as it is.
 */
export function RepeatSection({ value, onChange, startTime, inSeries }: { value: RepeatDraft; onChange: (next: RepeatDraft) => void; startTime: string; inSeries: boolean }) {
  const id = useId();
  const set = (patch: Partial<RepeatDraft>) => onChange({ ...value, ...patch });
  const rule = ruleOfDraft(value);
  const toggleDay = (day: SeriesWeekday) => set({ days: value.days.includes(day) ? value.days.filter((d) => d !== day) : [...value.days, day] });
  return (
    <fieldset className="space-y-3 rounded-xl p-4 ring-1 ring-line">
      <legend className="px-1 font-semibold">Répétition</legend>
      <label className="block">
        <span className="block text-sm font-medium">Se répète</span>
        <select className={input} value={value.kind} onChange={(e) => set({ kind: pick(KINDS, e.target.value, 'none') })}>
          <option value="none">{inSeries ? 'Garder la répétition actuelle' : 'Ne se répète pas'}</option>
          <option value="weekly">Chaque semaine</option>
          <option value="biweekly">Une semaine sur deux</option>
          <option value="monthly">Chaque mois, le Nième jour</option>
        </select>
      </label>

      {(value.kind === 'weekly' || value.kind === 'biweekly') && (
        <fieldset>
          <legend className="text-sm font-medium">Jours</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {SERIES_WEEKDAYS.map((day) => (
              <label key={day} className="flex items-center gap-1.5">
                <input type="checkbox" checked={value.days.includes(day)} onChange={() => toggleDay(day)} />
                {DAY_LABELS[day]}
              </label>
            ))}
          </div>
          {value.days.length === 0 && <p className="mt-1 text-sm text-error">Choisissez au moins un jour.</p>}
        </fieldset>
      )}

      {value.kind === 'monthly' && (
        <div className="flex flex-wrap items-end gap-3">
          <label>
            <span className="block text-sm font-medium">Le</span>
            <select className={input} value={value.nth} onChange={(e) => set({ nth: pick<SeriesNth>(SERIES_NTHS, e.target.value, 1) })}>
              {NTH_LABELS.map(([nth, label]) => (
                <option key={nth} value={nth}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="block text-sm font-medium">Jour du mois</span>
            <select className={input} value={value.day} onChange={(e) => set({ day: pick<SeriesWeekday>(SERIES_WEEKDAYS, e.target.value, 'FR') })}>
              {SERIES_WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {DAY_LABELS[day]}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}

      {value.kind !== 'none' && (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <label>
              <span className="block text-sm font-medium">Fin de la répétition</span>
              <select className={input} value={value.end} onChange={(e) => set({ end: pick(ENDS, e.target.value, 'never') })}>
                <option value="never">Sans date de fin</option>
                <option value="until">Jusqu’à une date</option>
                <option value="count">Après un nombre de dates</option>
              </select>
            </label>
            {value.end === 'until' && (
              <label>
                <span className="block text-sm font-medium">Dernière date</span>
                <input type="date" className={input} value={value.until} onChange={(e) => set({ until: e.target.value })} />
              </label>
            )}
            {value.end === 'count' && (
              <label>
                <span className="block text-sm font-medium">Nombre de dates</span>
                <input type="number" min={1} max={520} className={input} value={value.count || ''} onChange={(e) => set({ count: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} />
              </label>
            )}
          </div>

          <fieldset>
            <legend className="text-sm font-medium">Pauses</legend>
            <ul className="mt-1 space-y-2">
              {value.pauses.map((pause, index) => (
                <li key={index} className="flex flex-wrap items-end gap-2">
                  <label>
                    <span className="block text-sm">Du</span>
                    <input type="date" className={input} value={pause.from} onChange={(e) => set({ pauses: value.pauses.map((p, i) => (i === index ? { ...p, from: e.target.value } : p)) })} />
                  </label>
                  <label>
                    <span className="block text-sm">Au</span>
                    <input type="date" className={input} value={pause.to} onChange={(e) => set({ pauses: value.pauses.map((p, i) => (i === index ? { ...p, to: e.target.value } : p)) })} />
                  </label>
                  <button type="button" className={small} onClick={() => set({ pauses: value.pauses.filter((_, i) => i !== index) })}>
                    Retirer la pause {index + 1}
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className={`${small} mt-2`} onClick={() => set({ pauses: [...value.pauses, { from: '', to: '' }] })}>
              Ajouter une pause
            </button>
          </fieldset>
        </>
      )}

      {rule && (
        <p id={`${id}-summary`} role="status" className="text-sm text-accent">
          {describeSeries({ rule, startTime: startTime || '20:00' })}
        </p>
      )}
    </fieldset>
  );
}
