import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BRIGHTDATA_VARIABLES, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { serve } from '../http/serve';
import { requireRole } from '../http/session';
import type { BrightDataPort } from './port';
import { brightDataFromConfig } from './unlocker';
import { BrightDataService } from './brightdata.service';

/**
 * /dashboard/brightdata (issue 23): whether Bright Data is configured (which variables are set,
 * never their values), which collectors read through it, and « Tester la connexion ». `port`
 * replaces the Web Unlocker in tests.
 */
export function registerBrightDataRoutes(app: FastifyInstance, ctx: AppContext, port: BrightDataPort | null = brightDataFromConfig(ctx.config)): void {
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  const { brightdata } = ctx.config;
  const service = new BrightDataService(ctx, port);

  serve(app, OPERATIONS.brightdataStatus, async () => {
    const collectors = await service.collectors();
    return {
      configured: port !== null,
      variables: BRIGHTDATA_VARIABLES.map((v) => ({ ...v, set: Boolean(v.name === 'BRIGHTDATA_API_TOKEN' ? brightdata.apiToken : brightdata.zone) })),
      zone: brightdata.zone,
      testUrl: brightdata.testUrl,
      collectors,
    };
  }, staff);

  serve(app, OPERATIONS.brightdataTest, () => service.test(brightdata.testUrl), staff);
}
