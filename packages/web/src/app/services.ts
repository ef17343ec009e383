import 'reflect-metadata';
import { navigate } from 'wouter/use-browser-location';
import { RuntimeConfigSchema } from '@sortie/core';
import { createBrowserContainer } from '@sortie/adapters/browser';
import type { EagerServices } from '@sortie/adapters/eager';
import type { AppServices } from '../services/container-context';

/**
 * The services chunk, loaded with a dynamic import() the first time something needs it:
 * core's schemas (zod), inversify, the use cases and the browser adapters. Firebase and
 * socket.io-client stay further behind, in the adapters' own dynamic imports. The container
 * shares the product API, clock and query cache the entry already made (`eager`).
 */
export function createServices(raw: unknown, eager?: EagerServices): AppServices {
  const config = RuntimeConfigSchema.parse(raw);
  // In-app moves of the use cases go through wouter's history calls, which wouter observes.
  const container = createBrowserContainer({ ...config, ...(eager ? { eager } : {}), router: (path, options) => navigate(path, { replace: options?.replace ?? false }) });
  return { container, config };
}
