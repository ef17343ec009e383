import { closeRaffleEarly, raffleStatusAt } from '@sortie/core';
import type { Data } from '../db/entities';
import type { Json } from '../db/store';
import type { ResourcePolicy } from '../resources/resource-policy';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A raffle's server rules around its generic CRUD (core's windows.ts says them):
 * - its entry count and draw change only through entries, commit and draw;
 * - set to 'closed' before its closing date, it closes now (the draw is possible at once);
 * - read, a raffle still 'open' after its close says 'closed', and the list's status filter
 *   picks raffles by that status (the SQL below is core's raffleStatusAt, which the routes' test
 *   holds to the same answers).
 */
export const RAFFLE_POLICY: ResourcePolicy = {
  serverFields: { entryCount: 0, draw: null },
  beforeSave: (data: Data, now: number) => closeRaffleEarly(data, now),
  listFilters: {
    status: (value: unknown, now: number) => {
      const at = new Date(now).toISOString();
      const closesBy = `(data->>'closesAt')::timestamptz <= {}::timestamptz`;
      if (value === 'open') return { clause: `status = 'open' AND NOT ${closesBy}`, value: at };
      if (value === 'closed') return { clause: `(status = 'closed' OR (status = 'open' AND ${closesBy}))`, value: at };
      return { clause: 'status = {}', value };
    },
  },
  project: (record: Json, now: number): Json =>
    typeof record.status === 'string' ? { ...record, status: raffleStatusAt({ status: record.status, opensAt: text(record.opensAt), closesAt: text(record.closesAt) }, now) } : record,
};
