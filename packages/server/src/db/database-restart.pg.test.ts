import { describe, expect, it } from 'vitest';
import { findPgBin, runRestartDrill } from '../testing/db-restart-drill';

// The CI's PostgreSQL binaries (.ci/run exports SORTIE_TEST_PG_BIN beside SORTIE_TEST_DATABASE_URL). The drill
// runs a cluster of its own with them: restarting the shared server would fail the suites running beside it.
const pgBin = process.env.SORTIE_TEST_DATABASE_URL && process.env.SORTIE_TEST_PG_BIN ? findPgBin() : null;

describe.skipIf(!pgBin)('PostgreSQL restarting under load (issue 22)', () => {
  it('the server never exits, answers 503 (never 500) while it is down, recovers within 5 s and stores every visit it redirected', async () => {
    const result = await runRestartDrill({ pgBin: pgBin!, connections: 20, before: 1500, after: 1500 });
    expect(result.survived).toBe(true);
    // While the database is down: /api answers 503, within a second; /r keeps redirecting the links it knows.
    expect(result.probesWhileDown['503'] ?? 0).toBeGreaterThanOrEqual(5);
    expect(result.probesWhileDown['500'] ?? 0).toBe(0);
    expect(result.probeStatuses['500'] ?? 0).toBe(0);
    expect(result.slowestDownAnswerMs).toBeLessThan(1500);
    expect(result.statuses['500'] ?? 0).toBe(0);
    expect(result.statuses['0'] ?? 0).toBe(0);
    expect(Object.keys(result.statuses).filter((s) => s !== '302' && s !== '503')).toEqual([]);
    expect(result.recoveryMs).toBeGreaterThanOrEqual(0);
    expect(result.recoveryMs).toBeLessThan(5000);
    // Every redirect to the link is a visit stored, none lost over the restart.
    expect(result.redirects).toBeGreaterThanOrEqual(3000);
    expect(result.recorded).toBe(result.redirects);
  }, 300_000);
});
