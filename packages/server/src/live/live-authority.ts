import type { Db } from '../db/database';
import type { ChangeBus } from '../db/notifications';

/** The refusal of a call that arrives while the node stops: its client sends it again once reconnected. */
export const RESTARTING_MESSAGE = 'Le serveur redémarre : réessayez dans un instant.';

/** A game as stored, with its row's version (PostgreSQL's `xmin`: the transaction that last wrote it). */
export interface Versioned<State> {
  state: State;
  version: string;
}

/** What a batch of calls did: each call's outcome or refusal, in order, and what to store (null: nothing changed). */
export interface Applied<Outcome, Change> {
  answers: Array<{ outcome: Outcome } | { refusal: Error }>;
  change: Change | null;
}

/**
 * What a kind of live game (a tournament, a blind test) tells the authority: where its row is,
 * how core's action registry runs a batch of calls on its state, and how a batch is stored.
 * Domain rules stay in core: a kind only translates between rows, calls and core's actions.
 */
export interface LiveKind<State, Call, Outcome, Change> {
  /** What the change bus calls a change of this kind. */
  topic: string;
  /** The kind's French refusal (core's class), for a game gone or a node stopping. */
  refusal(message: string): Error;
  /** Whether an error is a refusal of the rules (answered to its caller) rather than a failure (failing the whole batch). */
  isRefusal(error: unknown): boolean;
  notFound: string;
  /** The stored game, or null. */
  load(db: Db, id: string): Promise<Versioned<State> | null>;
  /** The stored game, its row locked for the transaction `tx` (SELECT … FOR UPDATE), or null. */
  lock(tx: Db, id: string): Promise<State | null>;
  /** The calls in turn on the state (`tx`: the locked transaction, null on the memory copy). */
  apply(state: State, calls: readonly Call[], tx: Db | null): Promise<Applied<Outcome, Change>>;
  /**
   * Stores a batch's change in one statement, NOTIFYing the others in it (`notify`, a SELECT
   * column to append, from `param` numbering its value); with `version`, only if the row is still
   * that version: null when it is not.
   */
  store(db: Db, id: string, change: Change, version: string | null, notify: Notify): Promise<Versioned<State> | null>;
  /** A call that must start from the locked row (e.g. opening a game reads other tables in its transaction). */
  lockedOnly?(call: Call): boolean;
  /**
   * Whether a refusal on the memory copy is checked again on the locked row: true when the copy
   * may lag behind a write not heard of yet and the refusal must be the stored state's.
   */
  recheckRefusals?: boolean;
}

/** The NOTIFY of a write as a column of its statement's final SELECT (`, pg_notify(…)`), or '' alone on the database. */
export type Notify = (param: (value: unknown) => string) => string;

export interface LiveAuthorityOptions<State, Change> {
  db: Db;
  /** How the processes sharing the database tell each other (null: alone on it, as the embedded default). */
  bus?: ChangeBus | null;
  /** Games kept in memory at most (the least recently written or read goes first). */
  maxCopies: number;
  /** Every batch stored, in turn with the game's other writes (awaited before its calls are answered). */
  written(id: string, state: State, change: Change): void | Promise<void>;
  /** A change heard from another process: this one's copy has gone. */
  changedElsewhere?(id: string): void;
  /** On close, before the writes under way are awaited. */
  closing?(): void;
}

/** A call's answer: its outcome, and the game as stored once its batch was (as it was when nothing changed). */
export interface Settled<State, Outcome> {
  outcome: Outcome;
  state: State;
}

/** A batch run and stored: `state` as stored after it, or as it was when nothing changed. */
interface Done<State, Outcome, Change> {
  applied: Applied<Outcome, Change>;
  stored: Versioned<State> | null;
  state: State | null;
}

interface Queued<State, Call, Outcome> {
  call: Call;
  resolve(settled: Settled<State, Outcome>): void;
  reject(error: unknown): void;
}

/**
 * The server's authority over one kind of live game. Calls on one game run in the order they
 * arrived; those that arrive in one turn of the event loop, or while a write is stored, are run
 * and stored together (300 answers in two seconds cost a few dozen writes, not 300). Each call
 * is answered once its write is committed; a refused call changes nothing.
 *
 * Reads and writes start from a memory copy of the game with its row's version. A write stores
 * its batch in one statement that only applies if the row is still the version copied
 * (`WHERE xmin = …`): one round trip. Without a copy, when the row changed meanwhile, or for a
 * call that needs it, the batch runs in a transaction that locks the row (SELECT … FOR UPDATE).
 *
 * Several processes may share one PostgreSQL: each write NOTIFYs the others in its statement,
 * and a process trusts its copies only while it LISTENs (a drop forgets them all). A copy is kept
 * only if no change was heard while it was being read or written (a generation per game).
 */
export class LiveAuthority<State, Call, Outcome, Change> {
  private readonly copies = new Map<string, Versioned<State>>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  /** Reads of a row under way, shared by those who ask meanwhile (a crowd back after a restart makes one query). */
  private readonly loading = new Map<string, Promise<State | null>>();
  private readonly waiting = new Map<string, Array<Queued<State, Call, Outcome>>>();
  /** The tail of each game's turns: a task runs once the one before it is done. */
  private readonly turns = new Map<string, Promise<void>>();
  private closed = false;
  private readonly bus: ChangeBus | null;

  constructor(
    private readonly kind: LiveKind<State, Call, Outcome, Change>,
    private readonly options: LiveAuthorityOptions<State, Change>,
  ) {
    this.bus = options.bus ?? null;
    this.bus?.on(kind.topic, (id) => {
      if (this.closed || !id) return;
      this.forget(id);
      options.changedElsewhere?.(id);
    });
    this.bus?.onReset(() => this.forgetAll());
  }

  /** Whether changes made elsewhere are heard: alone on the database, or listening. */
  get trusted(): boolean {
    return !this.bus || this.bus.listening;
  }

  /** The game as last stored, or null; from memory when this process may trust its copy. */
  read(id: string): Promise<State | null> {
    const copy = this.trusted ? this.copies.get(id) : undefined;
    if (copy) return Promise.resolve(copy.state);
    let loading = this.loading.get(id);
    if (!loading) {
      const started = this.load(id).finally(() => {
        if (this.loading.get(id) === started) this.loading.delete(id);
      });
      this.loading.set(id, started);
      loading = started;
    }
    return loading;
  }

  private async load(id: string): Promise<State | null> {
    const stamp = this.stamp(id);
    const stored = await this.kind.load(this.options.db, id);
    if (!stored) return null;
    // A write that landed meanwhile holds a newer copy: it stays.
    if (!this.copies.has(id)) this.keep(id, stored, stamp);
    return this.copies.get(id)?.state ?? stored.state;
  }

  /** Runs a call as the authority, after the calls already queued for this game; rejects with the kind's refusal. */
  run(id: string, call: Call): Promise<Settled<State, Outcome>> {
    if (this.closed) return Promise.reject(this.kind.refusal(RESTARTING_MESSAGE));
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(id);
      if (queue) queue.push({ call, resolve, reject });
      else this.waiting.set(id, [{ call, resolve, reject }]);
      if (!this.turns.has(id)) this.drainLater(id);
    });
  }

  /** The game read again from the database, in turn with this process's writes (a room never hears an older state after a newer one). */
  refresh(id: string): Promise<State | null> {
    return this.inTurn(id, () => {
      this.forget(id);
      return this.read(id);
    });
  }

  /** Runs `task` in turn with the game's writes: for a write made otherwise (a REST edit) that must not cross them. */
  inTurn<T>(id: string, task: () => Promise<T>): Promise<T> {
    const result = (this.turns.get(id) ?? Promise.resolve()).then(task);
    const done = result.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(id, done);
    void done.then(() => {
      if (this.turns.get(id) !== done) return;
      this.turns.delete(id);
      if (this.waiting.has(id)) this.drainLater(id);
    });
    return result;
  }

  /** The game changed otherwise (a REST write, a change heard): its copy goes, and a read begun before does not answer those who ask after. */
  forget(id: string): void {
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    this.copies.delete(id);
    this.loading.delete(id);
  }

  /** Keeps a copy stored after `stamp` was taken, the least recent going beyond maxCopies. */
  keep(id: string, copy: Versioned<State>, stamp: string): void {
    this.copies.delete(id);
    if (!this.trusted || this.stamp(id) !== stamp) return;
    if (this.copies.size >= this.options.maxCopies) this.copies.delete(this.copies.keys().next().value!);
    this.copies.set(id, copy);
  }

  /** What must not change while a copy is read or written for it to be kept. */
  stamp(id: string): string {
    return `${this.epoch}:${this.generations.get(id) ?? 0}`;
  }

  /** The NOTIFY telling the others of a write, as a column of its statement. */
  readonly notify = (id: string): Notify => {
    const bus = this.bus;
    return (param) => (bus ? `, pg_notify(${param(bus.channel)}, ${param(bus.payload(this.kind.topic, id))})` : '');
  };

  /** Waits for the writes under way; later calls are refused (« le serveur redémarre »). */
  async close(): Promise<void> {
    this.closed = true;
    this.options.closing?.();
    while (this.turns.size > 0) await Promise.all([...this.turns.values()]);
    this.forgetAll();
  }

  private forgetAll(): void {
    this.epoch += 1;
    this.copies.clear();
    this.loading.clear();
    this.generations.clear();
  }

  private drainLater(id: string): void {
    // One turn of the event loop first: the calls that arrived together are stored together.
    void this.inTurn(id, () => new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain(id)));
  }

  /** Runs and stores every call waiting for this game, then answers each. */
  private async drain(id: string): Promise<void> {
    const batch = this.waiting.get(id) ?? [];
    this.waiting.delete(id);
    if (batch.length === 0) return;
    const calls = batch.map((item) => item.call);
    const stamp = this.stamp(id);
    let done: Done<State, Outcome, Change>;
    try {
      done = (await this.writeFromCopy(id, calls)) ?? (await this.writeLocked(id, calls));
      const { applied } = done;
      if (done.stored && applied.change !== null) {
        this.keep(id, done.stored, stamp);
        await this.options.written(id, done.stored.state, applied.change);
      }
    } catch (error) {
      // Nothing was stored (or it cannot be told): every call of the batch fails alike, and the copy is read again next time.
      this.forget(id);
      for (const item of batch) item.reject(error);
      return;
    }
    const state = done.state;
    batch.forEach((item, i) => {
      const answer = done.applied.answers[i]!;
      if ('outcome' in answer && state !== null) item.resolve({ outcome: answer.outcome, state });
      else if ('outcome' in answer) item.reject(this.kind.refusal(this.kind.notFound));
      else item.reject(answer.refusal);
    });
  }

  /** The batch on the trusted memory copy, stored in one statement; null when it must go the locked way. */
  private async writeFromCopy(id: string, calls: readonly Call[]): Promise<Done<State, Outcome, Change> | null> {
    const copy = this.trusted ? this.copies.get(id) : undefined;
    if (!copy || (this.kind.lockedOnly && calls.some((call) => this.kind.lockedOnly!(call)))) return null;
    const applied = await this.kind.apply(copy.state, calls, null);
    if (this.kind.recheckRefusals && applied.answers.some((answer) => 'refusal' in answer)) return null;
    if (applied.change === null) return { applied, stored: null, state: copy.state };
    const stored = await this.kind.store(this.options.db, id, applied.change, copy.version, this.notify(id));
    if (stored) return { applied, stored, state: stored.state };
    // Written elsewhere since it was copied.
    this.copies.delete(id);
    return null;
  }

  /** The batch on the stored row, locked for the transaction. */
  private writeLocked(id: string, calls: readonly Call[]): Promise<Done<State, Outcome, Change>> {
    const gone = (): Done<State, Outcome, Change> => ({ applied: { answers: calls.map(() => ({ refusal: this.kind.refusal(this.kind.notFound) })), change: null }, stored: null, state: null });
    return this.options.db.transaction(async (tx) => {
      const state = await this.kind.lock(tx, id);
      if (state === null) return gone();
      const applied = await this.kind.apply(state, calls, tx);
      if (applied.change === null) return { applied, stored: null, state };
      const stored = await this.kind.store(tx, id, applied.change, null, this.notify(id));
      return stored ? { applied, stored, state: stored.state } : gone();
    });
  }
}
