import { createContext, use, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { proxy, subscribe } from 'valtio';
import type { Container, ServiceIdentifier } from 'inversify';
import { ClockPort, ProductApiPort, QueryClient, type RuntimeConfig } from '@sortie/core';
import type { EagerServices } from '@sortie/adapters/eager';
import type { ShellConfig } from './runtime-config';

/** The program's container (composed once, in services.ts) and the validated runtime config. */
export interface AppServices {
  container: Container;
  config: RuntimeConfig;
}

/**
 * The services chunk: a promise (already composed, in tests) or how to load it. Loaded the
 * first time a component asks for the container, never before: a visitor reading the agenda
 * has no use for inversify, zod and the use cases (issue 20's 100 KB landing page).
 */
export type ServicesSource = Promise<AppServices> | (() => Promise<AppServices>);

interface AppContext {
  services: () => Promise<AppServices>;
  /** Whether anything has asked for the services yet (a given promise counts as asked). */
  demand: { requested: boolean };
  /** What the entry made before the container (the product API, the clock, the query cache), by service id. */
  eager: ReadonlyMap<unknown, unknown>;
  shell: ShellConfig;
}

const Context = createContext<AppContext | null>(null);

/** The ids the eager services answer, so that a page reading them never waits for the container. */
export function eagerRegistry(eager: EagerServices | undefined): ReadonlyMap<unknown, unknown> {
  if (!eager) return new Map();
  return new Map<unknown, unknown>([
    [ProductApiPort, eager.api],
    [ClockPort, eager.clock],
    [QueryClient, eager.queries],
  ]);
}

function once(source: ServicesSource, demand: { requested: boolean }): () => Promise<AppServices> {
  if (typeof source !== 'function') return () => source;
  let loading: Promise<AppServices> | undefined;
  return () => {
    if (!loading) {
      loading = source();
      demand.requested = true;
    }
    return loading;
  };
}

export function ContainerProvider({ services, eager, shell, children }: { services: ServicesSource; eager?: EagerServices; shell: ShellConfig; children: ReactNode }) {
  const value = useMemo(() => {
    const demand = proxy({ requested: typeof services !== 'function' });
    return { services: once(services, demand), demand, eager: eagerRegistry(eager), shell };
  }, [services, eager, shell]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useAppContext(): AppContext {
  const context = useContext(Context);
  if (!context) throw new Error('ContainerProvider is missing above this component.');
  return context;
}

/** The services; loads them if need be, and suspends (under the nearest Suspense) until they are there. */
export function useServices(): AppServices {
  return use(useAppContext().services());
}

/** Starts loading the services without waiting for them (a visitor who is signed in, a dynamic link to follow…). */
export function useLoadServices(): () => Promise<AppServices> {
  return useAppContext().services;
}

/**
 * Whether the services have been asked for: what needs them only once they exist (the session's start, the inbox) waits for this.
 * False on the server and while the browser hydrates what the server drew, whatever happened
 * meanwhile (a signed-in visitor's session is asked for as soon as the first parts are
 * hydrated, before the page's own chunk has come): the first render matches the server's
 * anonymous page, then React draws the visitor's own at once (issue 30, hydration error #418).
 */
export function useServicesRequested(): boolean {
  const { demand } = useAppContext();
  const listen = useCallback((listener: () => void) => subscribe(demand, listener, true), [demand]);
  return useSyncExternalStore(listen, () => demand.requested, serverSnapshot);
}

const serverSnapshot = () => false;

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

/**
 * A use case (or any service), resolved once per container; the product API, the clock and
 * the query cache come from the eager services without waiting for the container.
 */
export function useUseCase<T>(id: ServiceIdentifier<T>): T {
  const context = useAppContext();
  const eager = context.eager.get(id) as T | undefined;
  // use() may be called conditionally; the branch is the same on every render of a call site.
  const services = eager === undefined ? use(context.services()) : null;
  return useMemo(() => eager ?? services!.container.get<T>(id), [eager, services, id]);
}

/** A promise React's use() reads at once, without suspending: for services already composed. */
export function readyServices(services: AppServices): Promise<AppServices> {
  return Object.assign(Promise.resolve(services), { status: 'fulfilled', value: services });
}
