import { frenchDate, parisDay, pathFor, seriesActiveSince, seriesStaleness, seriesStopsAt } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { fanOut } from '../jobs/notifications';
import { readSeries, writeSeries, type StoredSeries } from './series-records';

/*
 * A series unchanged for six months stops making dates (core's seriesStaleness); staff — the
 * site's team and the people of its place — hear of it two weeks before and when it stops,
 * through the one notification fan-out (in the app and on their phones), each once.
 */

async function staffOf(ctx: AppContext, series: StoredSeries): Promise<string[]> {
  const rows = await ctx.db.query<{ id: string }>(
    `SELECT id FROM users WHERE data->'roles' ?| array['staff', 'admin']
     UNION SELECT user_id AS id FROM place_roles WHERE place_id = $1`,
    [series.placeId ?? ''],
  );
  return [...new Set(rows.map((row) => row.id))].sort();
}

async function tell(ctx: AppContext, series: StoredSeries, key: string, title: string, body: string): Promise<number> {
  const link = pathFor('dashboard.events');
  let told = 0;
  for (const userId of await staffOf(ctx, series)) {
    const { created } = await fanOut(ctx, { userId, title, body, link, key: `${key}:${userId}` });
    if (created) told += 1;
  }
  return told;
}

/** Warns of or stops one series by its last change; answers what it did. */
export async function checkStaleness(ctx: AppContext, seriesId: string): Promise<'fresh' | 'warned' | 'stopped'> {
  const series = await readSeries(ctx.db, seriesId);
  if (!series || series.status !== 'active') return 'fresh';
  const now = ctx.now();
  const since = seriesActiveSince(series.changedAt, series.startDate);
  const state = seriesStaleness(since, now);
  const name = series.template.title;
  if (state === 'fresh') return 'fresh';
  const key = `series:${series._id}:${since}`;
  if (state === 'warn') {
    const stops = frenchDate(parisDay(seriesStopsAt(since)));
    await tell(ctx, series, `${key}:warn`, `La série « ${name} » s’arrêtera bientôt`, `Sans modification depuis six mois, elle ne créera plus de dates à partir du ${stops}. Modifiez-la pour la garder.`);
    return 'warned';
  }
  await writeSeries(ctx.db, { ...series, status: 'stopped', stoppedAt: new Date(now).toISOString() }, now);
  await tell(ctx, series, `${key}:stop`, `La série « ${name} » s’est arrêtée`, 'Sans modification depuis six mois, elle ne crée plus de nouvelles dates. Les dates déjà publiées restent ; modifiez la série pour la reprendre.');
  return 'stopped';
}
