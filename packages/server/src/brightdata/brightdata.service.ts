import { BRIGHTDATA_NOT_CONFIGURED_MESSAGE } from '@sortie/core';
import type { AppContext } from '../http/context';
import { NotConfiguredError } from '../http/errors';
import { BrightDataError, type BrightDataPort } from './port';

/** « Tester la connexion » waits this long at most. */
const TEST_TIMEOUT_MS = 30_000;

/** What « Tester la connexion » answers: status, size and duration of the test page, or the French reason. */
export interface BrightDataTest {
  ok: boolean;
  url: string;
  status: number | null;
  durationMs: number;
  bytes: number;
  message: string;
}

/** A collector that reads its source through Bright Data, as /dashboard/brightdata lists them. */
export interface BrightDataCollector {
  id: string;
  name: string;
}

/**
 * What /dashboard/brightdata reads beyond the configuration: the collectors that fetch through
 * Bright Data, and a test page read through `port` (null when Bright Data is not configured).
 */
export class BrightDataService {
  constructor(
    private readonly ctx: Pick<AppContext, 'db'>,
    private readonly port: BrightDataPort | null,
  ) {}

  /** The collectors whose fetchProvider is Bright Data, by name (an unnamed one as ''). */
  collectors(): Promise<BrightDataCollector[]> {
    return this.ctx.db.query<{ id: string; name: string }>(`SELECT id, coalesce(data->>'name', '') AS name FROM collectors WHERE data->>'fetchProvider' = 'brightdata' ORDER BY name, id`);
  }

  /** « Tester la connexion » on `url`; without the port, NotConfiguredError (503, in French). */
  async test(url: string): Promise<BrightDataTest> {
    if (!this.port) throw new NotConfiguredError(BRIGHTDATA_NOT_CONFIGURED_MESSAGE);
    return testBrightData(this.port, url);
  }
}

/** Reads the configured test page through Bright Data: status, size and duration, or the French reason. */
export async function testBrightData(port: BrightDataPort, url: string): Promise<BrightDataTest> {
  const began = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - began));
  try {
    const page = await port.fetch(url, { timeoutMs: TEST_TIMEOUT_MS });
    const durationMs = elapsed();
    const bytes = Buffer.byteLength(page.text);
    return { ok: true, url, status: page.status, durationMs, bytes, message: `Connexion réussie : HTTP ${page.status}, ${bytes} octets en ${durationMs} ms.` };
  } catch (error) {
    const durationMs = elapsed();
    const message = error instanceof BrightDataError ? error.message : `Erreur inattendue : ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, url, status: error instanceof BrightDataError ? error.status : null, durationMs, bytes: 0, message };
  }
}
