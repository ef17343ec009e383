import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
import type { Container, ServiceIdentifier } from 'inversify';
import type { RuntimeConfig } from '@sortie/core';
import type { ShellConfig } from './runtime-config';

/** The program's container (composed once, in services.ts) and the validated runtime config. */
export interface AppServices {
  container: Container;
  config: RuntimeConfig;
}

interface AppContext {
  /** Resolves once the services chunk has loaded; components that need it suspend until then. */
  services: Promise<AppServices>;
  shell: ShellConfig;
}

const Context = createContext<AppContext | null>(null);

export function ContainerProvider({ services, shell, children }: AppContext & { children: ReactNode }) {
  const value = useMemo(() => ({ services, shell }), [services, shell]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useAppContext(): AppContext {
  const context = useContext(Context);
  if (!context) throw new Error('ContainerProvider is missing above this component.');
  return context;
}

/** The services; suspends (under the nearest Suspense) until they have loaded. */
export function useServices(): AppServices {
  return use(useAppContext().services);
}

export function useContainer(): Container {
  return useServices().container;
}

/** The runtime config read from GET /api/config at boot, checked by core's schema. */
export function useRuntimeConfig(): RuntimeConfig {
  return useServices().config;
}

/** The first paint's config: available at once, without the services. */
export function useShellConfig(): ShellConfig {
  return useAppContext().shell;
}

/** A use case (or any service) from the container, resolved once per container. */
export function useUseCase<T>(id: ServiceIdentifier<T>): T {
  const container = useContainer();
  return useMemo(() => container.get<T>(id), [container, id]);
}

/** A promise React's use() reads at once, without suspending: for services already composed. */
export function readyServices(services: AppServices): Promise<AppServices> {
  return Object.assign(Promise.resolve(services), { status: 'fulfilled', value: services });
}
