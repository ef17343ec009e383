import { ContainerModule } from 'inversify';
import { RuntimeConfig } from '@sortie/core';

/** Binds the runtime config (OPERATION_ROUTES.config) as the constant the use cases read. */
export function runtimeConfigModule(config: RuntimeConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(RuntimeConfig).toConstantValue(config);
  });
}
