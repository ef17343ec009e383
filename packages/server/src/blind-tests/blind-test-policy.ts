import type { Json } from '../db/store';
import { isStaff } from '../auth/user-roles';
import type { ResourcePolicy } from '../resources/resource-policy';
import { blindTestGamesOf } from './live-games';

const withoutGame = (record: Json): Json => {
  const { game: _game, ...rest } = record;
  return rest;
};

/**
 * Blind tests: the live game is the socket's (blind-tests/blind-test-socket.ts, core's rules),
 * never a request body's, and never shown by REST to anyone but staff (it holds the answers);
 * its join code is, while it is played (blind-test-games.ts keeps it beside the game).
 * A REST write drops the authority's memory copy.
 */
export const BLIND_TEST_POLICY: ResourcePolicy = {
  serverFields: { game: null },
  serverOwned: ['game', 'joinCode'],
  readOne: { viewer: 'optional', project: (record, viewer) => (isStaff(viewer) ? record : withoutGame(record)) },
  afterWrite: (ctx, id) => blindTestGamesOf(ctx)?.forget(id),
};
