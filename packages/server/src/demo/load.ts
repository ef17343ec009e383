import type { Db } from '../db/database';
import { Store } from '../db/store';
import { loadDemoSeries } from './series';
import { Users } from '../auth/users';
import { DEMO_ACCOUNT_KEYS, DEMO_ACCOUNTS, DEMO_IDS } from './ids';
import { demoRecords, DEMO_RAFFLE_ENTRANTS } from './data';
import { demoId } from './ids';
import { newSeed } from '../raffles/draw';
import { prepareDemoImages, storeDemoImages } from './images';
import { assignTournamentCodes } from '../live/live-codes';

export class DemoRefusedError extends Error {
  constructor() {
    super('Les données de démonstration sont refusées en production (NODE_ENV=production).');
  }
}

const TABLES = [
  'events', 'events_by_category', 'events_by_city', 'event_categories', 'event_roles', 'championships', 'places', 'place_types', 'place_roles', 'organizations', 'artists', 'users', 'sessions',
  'badges', 'user_badges', 'follows', 'likes', 'notifications', 'blind_tests', 'blind_test_answers', 'questions', 'tournaments', 'raffles', 'raffle_entries', 'form_templates',
  'forms', 'form_entries', 'menus', 'stores', 'job_offers', 'blog_posts', 'doc_pages', 'dyna_links', 'link_visit_batches', 'shares', 'share_views',
  'collectors', 'scrape_jobs', 'mail_templates', 'images', 'image_files', 'tasks', 'push_subscriptions', 'messaging_devices', 'notification_deliveries',
  'series',
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM events) AS n');
  return Number(row?.n ?? 0) === 0;
}

/** Empties every table and loads the French demo data set, in one transaction. */
export async function loadDemo(db: Db, options: { password: string; production: boolean; now?: number; origin?: string }): Promise<void> {
  if (options.production) throw new DemoRefusedError();
  const now = options.now ?? Date.now();
  const store = new Store(db);
  const users = new Users(db);
  // Drawn (or read from their cache) before the transaction: it then only writes.
  const images = await prepareDemoImages();
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${TABLES.join(', ')}`);
    for (const key of DEMO_ACCOUNT_KEYS) {
      const account = DEMO_ACCOUNTS[key];
      await users.create({ ...account, roles: [...account.roles], password: options.password, city: 'Poitiers', id: DEMO_IDS.users[key] }, tx);
    }
    const illustrate = await storeDemoImages(tx, store, images);
    for (const record of demoRecords(now, options.origin).map(illustrate)) await store.insert(record.resource, record.data, { id: record.id, db: tx });
    // The closed demo raffle, as the server would have kept it: the seed committed ten days ago, before the entries.
    const { seed, seedHash } = newSeed();
    const draw = { seedHash, committedAt: new Date(now - 10 * 86_400_000).toISOString(), entriesHash: null, seed: null, drawnAt: null, winners: [] };
    await tx.query(`UPDATE raffles SET seed = $2, data = jsonb_set(data, '{draw}', $3::jsonb) WHERE id = $1`, [DEMO_IDS.closedRaffle, seed, JSON.stringify(draw)]);
    for (const [i, name] of DEMO_RAFFLE_ENTRANTS.entries()) {
      const email = `participant${i + 1}@exemple.fr`;
      await tx.query('INSERT INTO raffle_entries (id, raffle_id, entrant, data) VALUES ($1, $2, $3, $4)', [demoId(`raffle-entry:${i}`), DEMO_IDS.closedRaffle, email, JSON.stringify({ raffleId: DEMO_IDS.closedRaffle, name, email })]);
    }
    await tx.query(`INSERT INTO user_badges (id, user_id, badge_id, data) VALUES ($1, $2, $3, $4)`, [
      '0000000000000000000000b1', DEMO_IDS.users.visitor, (await tx.query<{ id: string }>('SELECT id FROM badges ORDER BY id LIMIT 1'))[0]!.id,
      JSON.stringify({ userId: DEMO_IDS.users.visitor, awardedAt: new Date(now).toISOString() }),
    ]);
    // The tournaments open or running get their /j codes, as the API's create gives them.
    await assignTournamentCodes(tx);
    await loadDemoSeries(tx, store, now);
  });
}
