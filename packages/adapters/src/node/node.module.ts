import { ContainerModule } from 'inversify';
import { ClockPort, CookiePort, LoggerPort, NavigatorPort, TokenStorePort } from '@sortie/core';
import { SystemClock } from '../browser/system-clock.adapter';
import { FileTokenStore } from './file-token-store.adapter';
import { MemoryCookieAdapter } from './memory-cookie.adapter';
import { NodeNavigatorAdapter, nodeUserAgent } from './node-navigator.adapter';
import { StderrLogger } from './stderr-logger.adapter';

export interface NodeModuleConfig {
  apiUrl: string;
  configDir: string;
  userAgent?: string;
  version?: string;
  quiet?: boolean;
  verbose?: boolean;
  /** An already opened store (createNodeContainer shares it with the cookie jar). */
  tokenStore?: FileTokenStore;
}

/** The terminal's own ports: the 0600 session file, clock, stderr, and a recording navigator. */
export function nodeModule(config: NodeModuleConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TokenStorePort).toConstantValue(config.tokenStore ?? new FileTokenStore(config.configDir));
    bind(CookiePort).toConstantValue(new MemoryCookieAdapter());
    bind(NavigatorPort).toConstantValue(new NodeNavigatorAdapter(config.userAgent ?? nodeUserAgent(config.version ?? '0.0.0'), config.apiUrl));
    bind(ClockPort).toConstantValue(new SystemClock());
    bind(LoggerPort).toConstantValue(new StderrLogger({ quiet: config.quiet ?? false, verbose: config.verbose ?? false }));
  });
}
