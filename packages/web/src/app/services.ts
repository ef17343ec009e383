import 'reflect-metadata';
import { navigate } from 'wouter/use-browser-location';
import { RuntimeConfigSchema } from '@sortie/core';
import { createBrowserContainer } from '@sortie/adapters/browser';
import type { AppServices } from '../services/container-context';

/**
 * The services chunk, loaded with a dynamic import() while the first page paints: core's
 * schemas (zod), inversify, the use cases and the browser adapters. Firebase and
 * socket.io-client stay further behind, in the adapters' own dynamic imports.
 */
export function createServices(raw: unknown): AppServices {
  const config = RuntimeConfigSchema.parse(raw);
  // In-app moves of the use cases go through wouter's history calls, which wouter observes.
  const container = createBrowserContainer({ ...config, router: (path, options) => navigate(path, { replace: options?.replace ?? false }) });
  return { container, config };
}
