import { describe, expect, it } from 'vitest';
import { isTournamentActionName, TOURNAMENT_ACTION_NAMES, TOURNAMENT_ACTIONS } from '@sortie/core';
import { TOURNAMENT_ACTIONS_HELP } from './tournament-actions-help';

describe('the help of the tournament actions', () => {
  it('names exactly the actions the socket accepts, in core’s order', () => {
    expect(TOURNAMENT_ACTIONS_HELP.map((action) => action.name)).toEqual([...TOURNAMENT_ACTION_NAMES]);
  });

  it('gives examples that the action’s own params schema accepts', () => {
    for (const { name, example } of TOURNAMENT_ACTIONS_HELP) {
      if (!isTournamentActionName(name)) continue;
      expect(TOURNAMENT_ACTIONS[name].params.safeParse(example ?? {}).success, name).toBe(true);
    }
  });

  it('names every param that the schema requires', () => {
    for (const { name, params } of TOURNAMENT_ACTIONS_HELP) {
      if (!isTournamentActionName(name)) continue;
      const shape = (TOURNAMENT_ACTIONS[name].params as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape ?? {};
      const documented = [...params.matchAll(/(\w+)(\?)?/g)].map((m) => [m[1], m[2] === '?'] as const);
      expect(documented.map(([key]) => key).sort(), name).toEqual(Object.keys(shape).sort());
      for (const [key, optional] of documented) expect(shape[key!]!.safeParse(undefined).success, `${name}.${key}`).toBe(optional);
    }
  });
});
