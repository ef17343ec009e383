import { closeSync, fstatSync, ftruncateSync, openSync, readFileSync, readSync, renameSync, writeSync } from 'node:fs';
import type { Db } from '../db/database';
import { WRITE_VISITS } from './visit-statements';

/** The journal's file, in the embedded database's data folder (beside its lock file). */
export const VISIT_JOURNAL_FILE = 'sortie-visits.journal';
/** How long a visit stays in the journal at most before it is moved into link_visit_batches. */
export const VISIT_IMPORT_MS = 100;
/** Lines moved by one transaction: a backlog (the database was away) goes in bounded steps. */
const LINES_PER_IMPORT = 200;
/** Past this, a journal that never empties (visits arriving during every import) is rewritten with only what is left to move. */
const ROTATE_BYTES = 1 << 20;
/** The last line moved into the table, in `settings`: a line at or below it is never moved twice. */
const MARK_KEY = 'visit_journal_seq';

/** One line of the journal: its number, then the rows of link_visit_batches it holds (JSON of VisitBatchRow[]). */
interface JournalLine {
  seq: number;
  rows: string;
  /** Each link's visits in these rows. */
  counts: Map<string, number>;
}

/**
 * The embedded database's short-link visits, stored first in a file of its data folder (issue 34).
 *
 * A 302 is answered once its visit is stored. On PGlite, a statement is a round trip to its
 * process and about 0.2 ms of its time, during which the 32 visitors of a write all wait: the
 * redirects spent half their time waiting (28,000 a second against a ceiling of 58,000,
 * measured). Appending a line to this file costs a system call, and the file is as durable as
 * the database beside it: both are written to the same folder without fsync (PGlite runs with
 * fsync off), both survive the server or its database process being killed. A timer then moves
 * the lines into link_visit_batches, many at a time, off the redirects' path; the last line moved
 * is recorded in the same transaction, so that a server killed between the two moves none twice
 * and loses none: the next start moves what is left. PostgreSQL has no journal (several servers
 * share it; a statement there is cheap): its visits go straight into the table.
 */
export class VisitJournal {
  private fd: number;
  private seq: number;
  /** Bytes of the file, and those already moved into the table (the lines before that offset). */
  private size: number;
  private moved = 0;
  /** Visits in the journal not yet in the table, per link: counted against a link's maximum. */
  private readonly waiting = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private importing: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly path: string,
    private readonly db: Db,
    private mark: number,
    private readonly log: (line: string) => void,
    private readonly rotateBytes: number,
  ) {
    this.fd = openSync(path, 'a+', 0o600);
    // A line cut short (the machine stopped mid-write) is dropped, so that the next starts on a line of its own.
    const text = readFileSync(path, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    if (end < Buffer.byteLength(text)) ftruncateSync(this.fd, Buffer.byteLength(text.slice(0, end)));
    this.size = fstatSync(this.fd).size;
    let last = mark;
    for (const line of parseLines(text.slice(0, end), this.log)) {
      last = Math.max(last, line.seq);
      if (line.seq > mark) this.count(line.counts, 1);
    }
    this.seq = last;
    if (this.size > 0) this.schedule();
  }

  /** Opens the journal at `path` (made if absent), whose lines not yet moved are moved shortly. */
  static async open(path: string, db: Db, options: { log?: (line: string) => void; rotateBytes?: number } = {}): Promise<VisitJournal> {
    const [row] = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [MARK_KEY]);
    return new VisitJournal(path, db, Number(row?.value ?? 0), options.log ?? ((line) => console.error(line)), options.rotateBytes ?? ROTATE_BYTES);
  }

  /** Stores a write's visits (`rows`: JSON of VisitBatchRow[]; `links` and `visits`: each link's count). Throws when the disk refuses. */
  append(rows: string, links: readonly string[], visits: readonly number[]): void {
    if (this.closed) throw new Error('Journal des visites fermé.');
    const line = Buffer.from(`${this.seq + 1}\t${rows}\n`);
    writeSync(this.fd, line);
    this.seq += 1;
    this.size += line.length;
    this.count(new Map(links.map((link, i) => [link, visits[i] ?? 0])), 1);
    this.schedule();
  }

  /** Visits of `linkId` stored here and not yet in the table. */
  waitingFor(linkId: string): number {
    return this.waiting.get(linkId) ?? 0;
  }

  /** Moves every line stored so far into the table (readers of the visits call it first: they see every visit answered). */
  settled(): Promise<void> {
    return this.move();
  }

  /** Moves what is left, then closes the file. A database that refuses leaves the lines for the next start. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.move();
    } catch (error) {
      this.log(`Liens courts : des visites restent dans le journal ${this.path} (${String(error)}) : elles seront enregistrées au prochain démarrage.`);
    }
    this.closed = true;
    closeSync(this.fd);
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.move().catch((error: unknown) => {
        this.log(`Liens courts : visites du journal pas encore enregistrées dans la base (${String(error)}) : nouvel essai sous peu, rien n’est perdu.`);
        this.schedule();
      });
    }, VISIT_IMPORT_MS);
  }

  /** One move at a time: a call waits for the one under way, then moves what is there. */
  private move(): Promise<void> {
    const next = this.importing.catch(() => undefined).then(() => this.moveAll());
    this.importing = next;
    return next;
  }

  /** The lines written so far, read once, moved LINES_PER_IMPORT at a time. */
  private async moveAll(): Promise<void> {
    const buffer = Buffer.alloc(this.size - this.moved);
    readSync(this.fd, buffer, 0, buffer.length, this.moved);
    let start = 0;
    while (start < buffer.length) {
      const end = endOfLines(buffer, start, LINES_PER_IMPORT);
      if (end === start) break;
      // A line that cannot be read was said when the journal was opened (the only lines not written here).
      const fresh = parseLines(buffer.toString('utf8', start, end), () => undefined).filter((line) => line.seq > this.mark);
      if (fresh.length) await this.store(fresh);
      this.moved += end - start;
      start = end;
      for (const line of fresh) this.count(line.counts, -1);
    }
    this.compact();
  }

  /** The lines' rows in one statement, and the last line's number in the same transaction. */
  private async store(lines: JournalLine[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const line of lines) for (const [link, n] of line.counts) counts.set(link, (counts.get(link) ?? 0) + n);
    const rows = `[${lines.map((line) => line.rows.slice(1, -1)).filter(Boolean).join(',')}]`;
    const last = lines.at(-1)!.seq;
    await this.db.transaction(async (tx) => {
      await tx.query(WRITE_VISITS, [rows, [...counts.keys()], [...counts.values()]]);
      await tx.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [MARK_KEY, String(last)]);
    });
    this.mark = last;
  }

  /**
   * Empties the file once every line is in the table; one that never empties (visits arriving
   * during each move) is replaced past ROTATE_BYTES by a copy of its lines still to move, made
   * beside it and renamed onto it: a server killed at any instant leaves one whole journal.
   */
  private compact(): void {
    if (this.closed) return;
    if (this.moved === this.size) {
      ftruncateSync(this.fd, 0);
      this.size = 0;
      this.moved = 0;
      return;
    }
    if (this.moved < this.rotateBytes) return;
    const rest = Buffer.alloc(this.size - this.moved);
    readSync(this.fd, rest, 0, rest.length, this.moved);
    const next = `${this.path}.next`;
    const fd = openSync(next, 'w', 0o600);
    writeSync(fd, rest);
    closeSync(fd);
    renameSync(next, this.path);
    closeSync(this.fd);
    this.fd = openSync(this.path, 'a+', 0o600);
    this.size = rest.length;
    this.moved = 0;
  }

  private count(counts: Map<string, number>, sign: 1 | -1): void {
    for (const [link, n] of counts) {
      const left = (this.waiting.get(link) ?? 0) + sign * n;
      if (left > 0) this.waiting.set(link, left);
      else this.waiting.delete(link);
    }
  }
}

/** Where the `count` whole lines of `buffer` after `start` end (at most; `start` when there is none). */
function endOfLines(buffer: Buffer, start: number, count: number): number {
  let end = start;
  for (let n = 0; n < count; n += 1) {
    const newline = buffer.indexOf(0x0a, end);
    if (newline === -1) break;
    end = newline + 1;
  }
  return end;
}

/** The journal's lines in `text` (whole lines); one that cannot be read is said and skipped. */
function parseLines(text: string, log: (line: string) => void): JournalLine[] {
  const lines: JournalLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw) continue;
    const tab = raw.indexOf('\t');
    const seq = Number(raw.slice(0, tab));
    const rows = raw.slice(tab + 1);
    try {
      const counts = new Map<string, number>();
      for (const row of JSON.parse(rows) as Array<{ link: string; visit_kinds: string }>) counts.set(row.link, (counts.get(row.link) ?? 0) + row.visit_kinds.split(',').length);
      if (tab > 0 && Number.isSafeInteger(seq)) lines.push({ seq, rows, counts });
      else throw new Error('numéro de ligne illisible');
    } catch (error) {
      log(`Liens courts : une ligne du journal des visites est illisible et reste de côté (${String(error)}).`);
    }
  }
  return lines;
}
