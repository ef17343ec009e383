import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { fieldOf } from '../unknown-value';

/** A migration failed at start: the database is as it was, and the server does not start. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  readonly code = 'migration_failed';
}

/** What drizzle's journal lists: the migrations in order, by tag. */
const JournalSchema = z.object({ entries: z.array(z.object({ tag: z.string() })) });

/** The migration (drizzle/<tag>.sql) holding the statement that failed, from the journal. */
function migrationOf(folder: string, statement: string): string | null {
  try {
    const journal = JournalSchema.parse(JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')));
    const wanted = statement.trim();
    for (const { tag } of journal.entries) if (readFileSync(join(folder, `${tag}.sql`), 'utf8').includes(wanted)) return tag;
  } catch {
    // an unreadable journal: the message names no file
  }
  return null;
}

/**
 * Runs drizzle's migrator and turns its failure into a message an operator can act on. Drizzle
 * applies every pending migration in one transaction (pg-core's dialect.migrate): a failure rolls
 * back the whole batch, so the database is left exactly as it was before this start.
 */
export async function migrateOrExplain(folder: string, apply: () => Promise<void>): Promise<void> {
  try {
    await apply();
  } catch (error) {
    const cause = fieldOf(error, 'cause');
    const message = fieldOf(error, 'message');
    const query = fieldOf(error, 'query');
    const reason = cause instanceof Error ? cause.message : typeof message === 'string' ? message : String(error);
    const tag = typeof query === 'string' ? migrationOf(folder, query) : null;
    throw new MigrationError(
      `La migration ${tag ? `${tag}.sql` : 'de la base'} a échoué : ${reason}. ` +
        'Aucune des migrations en attente n’a été appliquée : la base est restée telle qu’avant ce démarrage. ' +
        'Corrigez la cause (ou revenez à la version précédente de Sortie), puis relancez.',
      { cause: error },
    );
  }
}
