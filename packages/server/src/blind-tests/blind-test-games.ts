import type { Db } from '../db/database';
import type { ChangeBus } from '../db/notifications';
import { LiveAuthority } from '../live/live-authority';
import { blindTestKind, type BlindTestKind, type Caller, type GameCall, type GameOutcome } from './blind-test-kind';
import type { BlindTestChange, BlindTestState } from './blind-test-rows';
import { PlayerTokens } from './player-tokens';

/** Blind tests kept in memory at most (the oldest copy goes first). */
export const MAX_BLIND_TEST_COPIES = 500;

export interface BlindTestGamesOptions {
  db: Db;
  now: () => number;
  /** Every stored change of a game, with whether the room should hear of it at once (host actions, buzzes). */
  changed(state: BlindTestState, urgent: boolean): void;
  /** On close, before the writes under way are awaited. */
  closing?(): void;
  /** The players' tokens (their key is read from the database when absent). */
  tokens?: PlayerTokens;
  /** The processes sharing the database (PostgreSQL): each write is told to the others, whose copies go and whose rooms hear of it. */
  bus?: ChangeBus | null;
  /** A change heard from another process (a copy of it, if one was kept, has gone). */
  changedElsewhere?(id: string): void;
}

/**
 * The server's authority over live blind tests: the live games' authority (live/live-authority.ts)
 * with core's blind-test actions (blind-test-kind.ts). Calls on one blind test run in the order
 * they arrived, each timed by the server's clock when it arrived; those that arrive together are
 * stored by one write, their answers in their own table (blind-test-rows.ts), so that storing an
 * answer costs the same at every question.
 */
export class BlindTestGames {
  private readonly kind: BlindTestKind;
  private readonly authority: LiveAuthority<BlindTestState, GameCall, GameOutcome, BlindTestChange>;
  readonly tokens: PlayerTokens;

  constructor(private readonly options: BlindTestGamesOptions) {
    this.tokens = options.tokens ?? new PlayerTokens(options.db);
    this.kind = blindTestKind(this.tokens);
    this.authority = new LiveAuthority(this.kind, {
      db: options.db,
      bus: options.bus ?? null,
      maxCopies: MAX_BLIND_TEST_COPIES,
      written: (_id, state, change) => options.changed(state, change.urgent),
      ...(options.changedElsewhere ? { changedElsewhere: options.changedElsewhere } : {}),
      ...(options.closing ? { closing: options.closing } : {}),
    });
  }

  /** The player a caller is in this game, by their token or by their socket; undefined for the others. Once `tokens.ready`. */
  playerOf(state: BlindTestState, caller: Caller): string | undefined {
    return this.kind.playerOf(state, caller);
  }

  /** The blind test as last stored (from memory once read), or null. */
  read(id: string): Promise<BlindTestState | null> {
    return this.authority.read(id);
  }

  /** The live blind test whose game has this code, if any. */
  async findByCode(code: string): Promise<string | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const [row] = await this.options.db.query<{ id: string }>(`SELECT id FROM blind_tests WHERE status = 'live' AND data->'game'->>'code' = $1 LIMIT 1`, [code]);
    return row?.id ?? null;
  }

  /** Runs a call as the authority, after the calls already queued for this blind test. Rejects with a French BlindTestRefusal. */
  async run(id: string, call: GameCall): Promise<GameOutcome> {
    return (await this.authority.run(id, call)).outcome;
  }

  /** The blind test read again from the database, in turn with this process's writes: a change stored by another process. */
  refresh(id: string): Promise<BlindTestState | null> {
    return this.authority.refresh(id);
  }

  /** The blind test changed otherwise (a REST write): the copy goes. */
  forget(id: string): void {
    this.authority.forget(id);
  }

  /** Waits for the writes under way; later calls are refused. */
  close(): Promise<void> {
    return this.authority.close();
  }
}
