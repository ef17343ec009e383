import type { Json } from '../db/store';
import { isStaff } from '../http/session';
import type { ResourcePolicy } from '../resources/policy';
import { TOKENS_FIELD } from './blind-test-games';
import { blindTestGamesOf } from './blind-test-socket';

/** What only the server writes and only staff read: the live game (it holds the answers) and the players' token hashes. */
const GAME_FIELDS = ['game', TOKENS_FIELD] as const;

const withoutGame = (record: Json): Json => {
  const { game: _game, [TOKENS_FIELD]: _tokens, ...rest } = record;
  return rest as Json;
};

/**
 * Blind tests: the live game is the socket's (blind-tests/blind-test-socket.ts, core's rules),
 * never a request body's, and never shown by REST to anyone but staff (the token hashes to no
 * one). A REST write drops the authority's memory copy.
 */
export const BLIND_TEST_POLICY: ResourcePolicy = {
  serverFields: { game: null, [TOKENS_FIELD]: {} },
  serverOwned: GAME_FIELDS,
  readOne: {
    viewer: 'optional',
    project: (record, viewer) => {
      if (!isStaff(viewer)) return withoutGame(record);
      const { [TOKENS_FIELD]: _tokens, ...rest } = record;
      return rest as Json;
    },
  },
  afterWrite: (ctx, id) => blindTestGamesOf(ctx)?.forget(id),
};
