import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Container, ServiceIdentifier } from 'inversify';
import type { RuntimeConfig } from '@sortie/core';

interface AppServices {
  container: Container;
  config: RuntimeConfig;
}

const ServicesContext = createContext<AppServices | null>(null);

/** Gives every component the program's container (composed once, in main.tsx) and the runtime config. */
export function ContainerProvider({ container, config, children }: AppServices & { children: ReactNode }) {
  const value = useMemo(() => ({ container, config }), [container, config]);
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ContainerProvider is missing above this component.');
  return services;
}

export function useContainer(): Container {
  return useServices().container;
}

/** The runtime config read from GET /api/config at boot. */
export function useRuntimeConfig(): RuntimeConfig {
  return useServices().config;
}

/** A use case (or any service) from the container, resolved once per container. */
export function useUseCase<T>(id: ServiceIdentifier<T>): T {
  const container = useContainer();
  return useMemo(() => container.get<T>(id), [container, id]);
}
