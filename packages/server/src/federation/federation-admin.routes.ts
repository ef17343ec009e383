import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS, type FederationOwner } from '@sortie/core';
import type { AppContext } from '../http/context';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { publicOrigin } from '../seo/public-origin';
import type { FederationService } from './federation.service';

/** The dashboard's « Fédération » of a place or an organisation: staff only. */
export function registerFederationAdminRoutes(app: FastifyInstance, ctx: AppContext, federation: FederationService): void {
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  const kindOf = (owner: FederationOwner) => (owner === 'places' ? 'place' : 'organization');
  serve(app, OPERATIONS.federationOverview, ({ path }, { request }) => federation.overview(kindOf(path.kind), path.id, publicOrigin(ctx.config, request)), staff);
  serve(
    app,
    OPERATIONS.setFederation,
    async ({ path, body }, { request }) => {
      await federation.setEnabled(kindOf(path.kind), path.id, body.enabled);
      return federation.overview(kindOf(path.kind), path.id, publicOrigin(ctx.config, request));
    },
    staff,
  );
  serve(
    app,
    OPERATIONS.followRemoteActor,
    async ({ path, body }, { request }) => {
      await federation.followRemote(kindOf(path.kind), path.id, body.handle);
      return federation.overview(kindOf(path.kind), path.id, publicOrigin(ctx.config, request));
    },
    staff,
  );
}
