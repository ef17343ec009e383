import { EventTemplateSchema, isoToParisLocal, parisDay, repeatOf, ruleOf, ValidationError, type EventTemplate, type SeriesEnd, type SeriesNth, type SeriesRepeat, type SeriesWeekday } from '@sortie/core';

/** What the « Répétition » section of the event form holds, as staff fill it in. */
export interface RepeatDraft {
  /** 'none': a lone event (or, for a date of a series, its rule kept). */
  kind: 'none' | 'weekly' | 'biweekly' | 'monthly';
  days: SeriesWeekday[];
  nth: SeriesNth;
  day: SeriesWeekday;
  end: 'never' | 'until' | 'count';
  until: string;
  count: number;
  pauses: Array<{ from: string; to: string }>;
}

export const emptyRepeat = (): RepeatDraft => ({ kind: 'none', days: [], nth: 1, day: 'FR', end: 'never', until: '', count: 10, pauses: [] });

/** The RRULE of the draft, or null when it does not repeat (or misses its days). */
export function ruleOfDraft(draft: RepeatDraft): string | null {
  if (draft.kind === 'none') return null;
  const repeat: SeriesRepeat = draft.kind === 'monthly' ? { kind: 'monthly', nth: draft.nth, day: draft.day } : { kind: 'weekly', interval: draft.kind === 'biweekly' ? 2 : 1, days: draft.days };
  if (repeat.kind === 'weekly' && repeat.days.length === 0) return null;
  if (draft.end === 'count' && draft.count < 1) return null;
  const end: SeriesEnd = draft.end === 'until' && draft.until ? { kind: 'until', date: draft.until } : draft.end === 'count' ? { kind: 'count', count: draft.count } : { kind: 'never' };
  return ruleOf(repeat, end);
}

const TEMPLATE_KEYS = Object.keys(EventTemplateSchema.shape);

/** The fields of an event's body a series repeats, checked as the server will (errors beside their fields). */
export function templateOf(body: Record<string, unknown>): EventTemplate {
  const parsed = EventTemplateSchema.safeParse(Object.fromEntries(Object.entries(body).filter(([key]) => TEMPLATE_KEYS.includes(key))));
  if (parsed.success) return parsed.data;
  throw new ValidationError('Requête invalide.', parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
}

/** Whether a draft's `repeat` is the section's. */
export const isRepeatDraft = (value: unknown): value is RepeatDraft => typeof value === 'object' && value !== null && 'kind' in value && 'pauses' in value;

/** « 20:30 », the Paris time of an instant; and the minutes to its end. */
export function timingOf(body: Record<string, unknown>): { startDate: string; startTime: string; durationMinutes?: number } {
  const startsAt = typeof body.startsAt === 'string' ? body.startsAt : '';
  const endsAt = typeof body.endsAt === 'string' ? body.endsAt : '';
  const minutes = startsAt && endsAt ? Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000) : 0;
  return { startDate: startsAt ? parisDay(new Date(startsAt)) : '', startTime: isoToParisLocal(startsAt).slice(11, 16), ...(minutes > 0 ? { durationMinutes: minutes } : {}) };
}

/** The pauses fully given, in order. */
export const pausesOf = (draft: RepeatDraft) => draft.pauses.filter((p) => p.from && p.to).map((p) => ({ from: p.from, to: p.to < p.from ? p.from : p.to }));

/** The section filled in with a series' current rule and pauses (a date of it being edited). */
export function draftOfSeries(series: { rule: string; exceptions?: unknown }): RepeatDraft {
  const draft = emptyRepeat();
  const parsed = repeatOf(series.rule);
  const pauses = Array.isArray(series.exceptions)
    ? series.exceptions.flatMap((e: unknown) => (typeof e === 'object' && e !== null && 'from' in e && 'to' in e && typeof e.from === 'string' && typeof e.to === 'string' ? [{ from: e.from, to: e.to }] : []))
    : [];
  if (!parsed) return { ...draft, pauses };
  const { repeat, end } = parsed;
  const ending = end.kind === 'until' ? { end: 'until' as const, until: end.date } : end.kind === 'count' ? { end: 'count' as const, count: end.count } : {};
  if (repeat.kind === 'monthly') return { ...draft, ...ending, kind: 'monthly', nth: repeat.nth, day: repeat.day, pauses };
  return { ...draft, ...ending, kind: repeat.interval === 2 ? 'biweekly' : 'weekly', days: repeat.days, pauses };
}
