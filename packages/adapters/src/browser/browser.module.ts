import { ContainerModule } from 'inversify';
import { ClockPort, CookiePort, LoggerPort, NavigatorPort, TokenStorePort } from '@sortie/core';
import { BrowserNavigatorAdapter, type InAppRouter } from './browser-navigator.adapter';
import { ConsoleLogger } from './console-logger.adapter';
import { DocumentCookieAdapter } from './document-cookie.adapter';
import { LocalStorageTokenStore } from './local-storage-token-store.adapter';
import { SystemClock } from './system-clock.adapter';

export interface BrowserModuleOptions {
  /** The app's router for in-app moves; it may also be set later with setRouter. */
  router?: InAppRouter;
  /** Debug lines in the console. */
  debug?: boolean;
  /** The clock the program already reads (the web app's eager services). */
  clock?: ClockPort;
}

/** The browser's own ports: localStorage, cookies, location and history, clock, console. */
export function browserModule(options: BrowserModuleOptions = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TokenStorePort).toConstantValue(new LocalStorageTokenStore());
    bind(CookiePort).toConstantValue(new DocumentCookieAdapter());
    bind(NavigatorPort).toConstantValue(new BrowserNavigatorAdapter(options.router));
    bind(ClockPort).toConstantValue(options.clock ?? new SystemClock());
    bind(LoggerPort).toConstantValue(new ConsoleLogger({ debug: options.debug ?? false }));
  });
}
