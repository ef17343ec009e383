import { addDays, firstDate, parisDay, weekdayOf } from '@sortie/core/domain';
import type { Db } from '../db/database';
import type { Store } from '../db/store';
import { insertSeries } from '../series/series-records';
import { dueOccurrences, occurrenceRecord } from '../series/series-occurrences';
import { demoId } from './ids';

export const DEMO_QUIZ_SERIES = demoId('series:quiz-du-mardi');

/**
 * The demo's weekly quiz night (issue 35): every Tuesday at 20:30 at Le Pince Oreille, with a
 * fortnight's break three weeks from now (so that the next 8 weeks show a gap) and a summer
 * pause, its next 8 weeks of dates made at once as the series job would.
 */
export async function loadDemoSeries(tx: Db, store: Store, now: number): Promise<void> {
  const today = parisDay(now);
  const monday = addDays(today, 21 - weekdayOf(today));
  const summer = Number(today.slice(0, 4)) + (today.slice(5, 7) > '08' ? 1 : 0);
  const rule = 'FREQ=WEEKLY;BYDAY=TU';
  const series = await insertSeries(
    tx,
    {
      rule,
      startDate: firstDate({ rule, startDate: today, startTime: '20:30' }) ?? today,
      startTime: '20:30',
      durationMinutes: 150,
      exceptions: [
        { from: monday, to: addDays(monday, 13) },
        { from: `${summer}-07-06`, to: `${summer}-08-30` },
      ],
      template: {
        title: 'Quiz du mardi',
        description: 'Le quiz de culture générale du Pince Oreille : six manches, des équipes de deux à six, un tableau noir et des lots pour les trois premières équipes. Inscription sur place dès 20 h.',
        city: 'Poitiers',
        placeId: demoId('place:le-pince-oreille'),
        artistIds: [],
        categoryIds: [demoId('category:quiz')],
        price: { free: true },
        tags: ['quiz', 'entre amis'],
      },
      placeId: demoId('place:le-pince-oreille'),
      status: 'active',
      changedAt: new Date(now).toISOString(),
    },
    now,
    DEMO_QUIZ_SERIES,
  );
  for (const occurrence of dueOccurrences(series, now)) await store.insert('events', occurrenceRecord(series, occurrence), { id: demoId(`series-date:${occurrence.date}`), db: tx });
}
