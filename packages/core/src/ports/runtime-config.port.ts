import type { ServiceIdentifier } from 'inversify';
import type { RuntimeConfigData } from '../domain/schemas/auth.schema';

export type RuntimeConfig = RuntimeConfigData;
/** The runtime config (GET /api/config), bound as a constant in each program's container. */
export const RuntimeConfig = Symbol.for('RuntimeConfig') as ServiceIdentifier<RuntimeConfig>;
