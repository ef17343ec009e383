import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BRIGHTDATA_NOT_CONFIGURED_MESSAGE, BRIGHTDATA_VARIABLES, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { NotConfiguredError } from '../http/errors';
import { serve } from '../http/serve';
import { requireRole } from '../http/session';
import { BrightDataError, type BrightDataPort } from './port';
import { brightDataFromConfig } from './unlocker';

/** « Tester la connexion » waits this long at most. */
const TEST_TIMEOUT_MS = 30_000;

/** Reads the configured test page through Bright Data: status, size and duration, or the French reason. */
export async function testBrightData(port: BrightDataPort, url: string): Promise<{ ok: boolean; url: string; status: number | null; durationMs: number; bytes: number; message: string }> {
  const began = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - began));
  try {
    const page = await port.fetch(url, { timeoutMs: TEST_TIMEOUT_MS });
    const durationMs = elapsed();
    const bytes = Buffer.byteLength(page.text);
    return { ok: true, url, status: page.status, durationMs, bytes, message: `Connexion réussie : HTTP ${page.status}, ${bytes} octets en ${durationMs} ms.` };
  } catch (error) {
    const durationMs = elapsed();
    const message = error instanceof BrightDataError ? error.message : `Erreur inattendue : ${(error as Error).message}`;
    return { ok: false, url, status: error instanceof BrightDataError ? error.status : null, durationMs, bytes: 0, message };
  }
}

/**
 * /dashboard/brightdata (issue 23): whether Bright Data is configured (which variables are set,
 * never their values), which collectors read through it, and « Tester la connexion ». `port`
 * replaces the Web Unlocker in tests.
 */
export function registerBrightDataRoutes(app: FastifyInstance, ctx: AppContext, port: BrightDataPort | null = brightDataFromConfig(ctx.config)): void {
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  const { brightdata } = ctx.config;

  serve(app, OPERATIONS.brightdataStatus, async () => {
    const collectors = await ctx.db.query<{ id: string; name: string }>(`SELECT id, coalesce(data->>'name', '') AS name FROM collectors WHERE data->>'fetchProvider' = 'brightdata' ORDER BY name, id`);
    return {
      configured: port !== null,
      variables: BRIGHTDATA_VARIABLES.map((v) => ({ ...v, set: Boolean(v.name === 'BRIGHTDATA_API_TOKEN' ? brightdata.apiToken : brightdata.zone) })),
      zone: brightdata.zone,
      testUrl: brightdata.testUrl,
      collectors,
    };
  }, staff);

  serve(app, OPERATIONS.brightdataTest, async () => {
    if (!port) throw new NotConfiguredError(BRIGHTDATA_NOT_CONFIGURED_MESSAGE);
    return testBrightData(port, brightdata.testUrl);
  }, staff);
}
