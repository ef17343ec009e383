import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/test-app';
import type { Db } from '../db/database';
import { erasing, isSecret, namesAPerson, PERSONAL_TABLES, tableColumns } from './personal-data';

/**
 * The one list of personal data (PERSONAL_TABLES) against the database as the migrations made
 * it: a column that names a person in a table the list does not cover would be neither exported
 * nor deleted. Add the table to PERSONAL_TABLES (what the export shows, what the deletion does).
 */
describe('the list of personal data', () => {
  let db: Db;
  let tables: Map<string, Set<string>>;
  beforeAll(async () => {
    db = await openTestDb();
    tables = await tableColumns(db);
  });
  afterAll(() => db.close());

  /** `table.column` for every column that names a person and that no entry of the list declares. */
  const uncovered = (catalogue: Map<string, Set<string>>) => {
    const declared = new Set(PERSONAL_TABLES.flatMap((entry) => entry.identifies.map((column) => `${entry.table}.${column}`)));
    return [...catalogue].flatMap(([table, columns]) => [...columns].filter(namesAPerson).map((column) => `${table}.${column}`)).filter((name) => !declared.has(name));
  };

  it('covers every column that names a person (user_id, owner_id, actor_id, e-mail…) in every table', () => {
    expect(tables.size).toBeGreaterThan(30);
    expect(uncovered(tables)).toEqual([]);
  });

  it('would catch a new table of personal data', () => {
    const withNew = new Map(tables).set('loyalty_cards', new Set(['id', 'owner_id', 'holder_email', 'created_at']));
    expect(uncovered(withNew)).toEqual(['loyalty_cards.owner_id', 'loyalty_cards.holder_email']);
  });

  it('reads which columns name a person, and which are secrets never exported', () => {
    expect(['user_id', 'actor_label', 'email', 'email_key', 'user_key', 'to', 'entrant', 'created_by'].filter(namesAPerson)).toHaveLength(8);
    expect(['user_agent', 'email_verified_at', 'target_id', 'event_id', 'title'].filter(namesAPerson)).toEqual([]);
    expect(['password_hash', 'token_hash', 'key_hash', 'confirm_token_hash'].every(isSecret)).toBe(true);
    expect(['name', 'prefix', 'scopes'].some(isSecret)).toBe(false);
  });

  it('names tables that exist, each once, with valid queries of the person’s rows', async () => {
    const names = PERSONAL_TABLES.map((entry) => entry.table);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of PERSONAL_TABLES.filter((e) => tables.has(e.table))) {
      for (const where of [entry.mine, erasing(entry.table)]) {
        await expect(db.query(`WITH who AS (SELECT $1::text AS id, lower($2::text) AS email) SELECT count(*) FROM ${entry.table} t, who WHERE ${where}`, ['x', 'x@exemple.fr'])).resolves.toHaveLength(1);
      }
    }
  });
});
